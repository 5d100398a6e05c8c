// The interface's language (docs/decisions/0042-interface-languages.md). The server decides it for each page (the
// account's setting, the reader's choice, the browser) and writes it in <html lang>; the app renders in it with
// react-intl. English is in the code (each message's defaultMessage), so an English page loads no catalogue; any
// other language's catalogue is a chunk of its own, loaded before the first render (start-app.tsx) or when the
// footer's switcher is pressed.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider, useIntl } from 'react-intl';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, type Locale } from '#contract/locale';
import { formatDateTime, formatDayWords, formatLongDate, formatShortDate, formatTime } from './dates';

export type Messages = Record<string, string>;

/** The language the server rendered this page (or shell) in. */
export function pageLocale(doc: Document = document): Locale {
  const lang = doc.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A language's messages: none for English (the code's own), else its catalogue's chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'es') return (await import('../locales/es.json')).default as Messages;
  return {};
}

type Switch = (locale: Locale) => Promise<void>;
const SwitchContext = createContext<Switch>(async () => {});

/** React-intl's complaints about a message missing from a catalogue: tests/infra/messages.test.ts fails on those. */
function reportIntlError(error: { code?: string }) {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
}

// One IntlShape per language and catalogue, made once: an <IntlProvider> makes its own, with a cache of its own, on
// every server render, so each message was parsed and each Intl formatter built again for every page (~2 ms of a
// first visit's ~12 ms of CPU; docs/performance.md, "The first-visit tail").
const intlCache = createIntlCache();
const intls = new WeakMap<Messages, Map<Locale, IntlShape>>();

/** The interface's words and formats in `locale` with `messages` (the same object for the same pair). */
export function intlFor(locale: Locale, messages: Messages): IntlShape {
  let byLocale = intls.get(messages);
  if (!byLocale) {
    byLocale = new Map();
    intls.set(messages, byLocale);
  }
  let intl = byLocale.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE, onError: reportIntlError }, intlCache);
    byLocale.set(locale, intl);
  }
  return intl;
}

/** The app in `locale`, with `messages` (already loaded: a hydrated page must render as the server did). */
export function I18n({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const [current, setCurrent] = useState({ locale, messages });
  const switchTo = useCallback<Switch>(async (next) => {
    const nextMessages = await loadMessages(next);
    if (typeof document !== 'undefined') document.documentElement.lang = next;
    setCurrent({ locale: next, messages: nextMessages });
  }, []);
  return (
    <SwitchContext.Provider value={switchTo}>
      <RawIntlProvider value={intlFor(current.locale, current.messages)}>{children}</RawIntlProvider>
    </SwitchContext.Provider>
  );
}

/** The interface's language now. */
export function useLocale(): Locale {
  const { locale } = useIntl();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Renders the app in another language, and remembers it on this device (the server reads the cookie). */
export function useSwitchLocale(): Switch {
  const switchTo = useContext(SwitchContext);
  return useCallback(
    async (locale: Locale) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the value is one of our language codes; cookieStore is newer than the browsers we serve
      document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
      await switchTo(locale);
    },
    [switchTo],
  );
}

/** lib/dates.ts in the interface's language. */
export function useDates() {
  const locale = useLocale();
  return useMemo(
    () => ({
      longDate: (value: Parameters<typeof formatLongDate>[0]) => formatLongDate(value, locale),
      time: (value: Parameters<typeof formatTime>[0]) => formatTime(value, locale),
      dateTime: (value: Parameters<typeof formatDateTime>[0]) => formatDateTime(value, locale),
      shortDate: (value: Parameters<typeof formatShortDate>[0], now?: Date) => formatShortDate(value, now, locale),
      dayWords: (value: Parameters<typeof formatDayWords>[0], now?: Date) => formatDayWords(value, now, locale),
    }),
    [locale],
  );
}
