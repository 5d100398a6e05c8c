// The server's messages (docs/decisions/0042-interface-languages.md): emails, the head tags of rendered pages, the
// book's fixed words. Each is written in the code as `intl.formatMessage({ id, defaultMessage })`, English being
// the default message; other languages come from server/src/locales/<locale>.json (checked by
// tests/infra/messages.test.ts). One IntlShape per language, made on first use and shared.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import es from '../../locales/es.json';

const CATALOGUES: Record<Locale, Record<string, string>> = { en: {}, es };

const cache = createIntlCache();
const made = new Map<Locale, IntlShape>();

export function serverIntl(locale: Locale = DEFAULT_LOCALE): IntlShape {
  let intl = made.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: DEFAULT_LOCALE,
        messages: CATALOGUES[locale],
        // A message missing from a catalogue falls back to English; the messages test fails on it, not the reader.
        onError: () => {},
      },
      cache,
    );
    made.set(locale, intl);
  }
  return intl;
}
