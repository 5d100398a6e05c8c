// The interface's languages (docs/decisions/0042-interface-languages.md). English is the source: its texts are the
// `defaultMessage`s in the code; every other language has a catalogue. Adding a third: that ADR, "A third language".

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The explicit choice of a reader who is not signed in (set by the footer's switcher, a link with ?lang=). */
export const LANG_COOKIE = 'lang';
/** The query parameter of that choice, also what the hreflang alternates of a page use. */
export const LANG_QUERY = 'lang';

/** Each language's name in its own language, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
