// Which language a request's pages and a person's emails are in (docs/decisions/0042-interface-languages.md): an
// explicit choice for this request (?lang=), else the account's setting, else the signed-out reader's choice (the
// `lang` cookie), else the browser's Accept-Language, negotiated against the languages we have, else English.
import { match } from '@formatjs/intl-localematcher';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../contract/locale';

export interface LocaleSources {
  query?: string | null;
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/** At most this many languages of a header are weighed: a long made-up header costs no more than a real one. */
const MAX_RANGES = 20;

/**
 * The language ranges of an Accept-Language header, most wanted first (RFC 9110 12.5.4): q=0 means "not this",
 * and ranges of equal weight keep their order. A range that is not a language tag is left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/i.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    if (q > 0 && tag !== '*') ranges.push({ tag, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/**
 * The language the browser asks for, among ours, by CLDR's language distances ("best fit"): es-MX and es-419 are
 * Spanish, en-GB English, Catalan and Galician readers get Spanish too; null when it asks for none of ours.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  const wanted = acceptedLanguages(header).filter(isValidTag);
  if (wanted.length === 0) return null;
  const best = match(wanted, LOCALES as unknown as string[], NONE, { algorithm: 'best fit' });
  return isLocale(best) ? best : null;
}

/** The matcher's default must be a language tag: one of none of ours stands for "no match". */
const NONE = 'und';

function isValidTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false; // a tag Intl refuses: as if the header did not name it
  }
}

export function chooseLocale(sources: LocaleSources): Locale {
  for (const explicit of [sources.query, sources.account, sources.cookie]) if (isLocale(explicit)) return explicit;
  return negotiateLocale(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}
