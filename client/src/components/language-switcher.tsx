// The footer's language switcher (docs/decisions/0042-interface-languages.md): each language named in itself, a link
// with ?lang= that works before (or without) the app, the server remembering the choice in the `lang` cookie; with
// the app it switches in place, and a signed-in person's choice is saved to their account (their emails follow it).
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { LANG_QUERY, LOCALE_NAMES, LOCALES, type Locale } from '#contract/locale';
import { useLocale, useSwitchLocale } from '../lib/i18n';
import { trpc } from '../lib/trpc';
import { useSessionUser } from '../state/session';

/** The address of this screen in `locale`: its own query kept, but for an earlier choice. */
function addressIn(path: string, search: string, locale: Locale): string {
  const params = new URLSearchParams(search);
  params.set(LANG_QUERY, locale);
  return `${path}?${params.toString()}`;
}

export function LanguageSwitcher() {
  const intl = useIntl();
  const current = useLocale();
  const switchTo = useSwitchLocale();
  const user = useSessionUser();
  const [path] = useLocation();
  const search = useSearch();
  const save = trpc.accounts.setLocale.useMutation();
  const utils = trpc.useUtils();

  const choose = (locale: Locale) => async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (locale === current) return;
    // The account first, so that a reload (or another device) shows the language chosen; if that fails, this
    // device still changes (the cookie), as for a signed-out reader.
    if (user) await save.mutateAsync({ locale }).catch(() => undefined);
    await switchTo(locale);
    // Sentences the server makes (notifications, the library's questions) come again in the new language.
    if (user) void Promise.all([utils.notifications.invalidate(), utils.questions.invalidate()]);
  };

  return (
    <nav className="language-switcher" aria-label={intl.formatMessage({ id: 'footer.language', defaultMessage: 'Language' })}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={addressIn(path, search, locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={(e) => void choose(locale)(e)}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
