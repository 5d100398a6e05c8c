// Every date and time the client shows goes through here (issue #26, point 9), so each screen says the same thing
// the same way: in English "November 27, 2026", "8:09 PM", "November 27, 2026 at 8:09 PM", and "Tuesday" for days
// this week (the spec's en-US long form); in another language Intl's own long forms of that language
// (docs/decisions/0042-interface-languages.md). Screens take these through useDates() (lib/i18n.tsx).
import type { Locale } from '#contract/locale';

/** Intl's locale for each language of the interface. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-ES' };

interface Formats {
  date: Intl.DateTimeFormat;
  dayMonth: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
  relativeDays: Intl.RelativeTimeFormat;
}

const made = new Map<Locale, Formats>();

function formats(locale: Locale): Formats {
  let f = made.get(locale);
  if (!f) {
    const tag = INTL_LOCALE[locale];
    f = {
      date: new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric' }),
      dayMonth: new Intl.DateTimeFormat(tag, { month: 'long', day: 'numeric' }),
      time: new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }),
      dateTime: new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
      weekday: new Intl.DateTimeFormat(tag, { weekday: 'long' }),
      relativeDays: new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }),
    };
    made.set(locale, f);
  }
  return f;
}

type When = string | number | Date | null | undefined;

function toDate(value: When): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "November 22, 2026" ("22 de noviembre de 2026"): comment dates, profiles, lists. */
export function formatLongDate(value: When, locale: Locale = 'en'): string {
  const d = toDate(value);
  return d ? formats(locale).date.format(d) : '';
}

/** "8:09 PM" ("20:09"). */
export function formatTime(value: When, locale: Locale = 'en'): string {
  const d = toDate(value);
  return d ? formats(locale).time.format(d) : '';
}

/** "November 22, 2026 at 8:09 PM" ("22 de noviembre de 2026 a las 20:09"): versions, notifications, the moderation log. */
export function formatDateTime(value: When, locale: Locale = 'en'): string {
  const d = toDate(value);
  if (!d) return '';
  const f = formats(locale);
  // English keeps its one spelling whatever the ICU version (some write "at", others a comma).
  return locale === 'en' ? `${f.date.format(d)} at ${f.time.format(d)}` : f.dateTime.format(d);
}

/** "November 27" this year, "November 27, 2025" before it. */
export function formatShortDate(value: When, now = new Date(), locale: Locale = 'en'): string {
  const d = toDate(value);
  if (!d) return '';
  const f = formats(locale);
  return (d.getFullYear() === now.getFullYear() ? f.dayMonth : f.date).format(d);
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "earlier today", "yesterday", "Tuesday" (within the last week), else the short date: when something was left. */
export function formatDayWords(value: When, now = new Date(), locale: Locale = 'en'): string {
  const d = toDate(value);
  if (!d) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  const f = formats(locale);
  if (days <= 1) {
    if (locale === 'en') return days <= 0 ? 'earlier today' : 'yesterday';
    return f.relativeDays.format(-Math.max(days, 0), 'day'); // "hoy", "ayer"
  }
  if (days < 7) return f.weekday.format(d);
  return formatShortDate(d, now, locale);
}
/** YYYY-MM-DD from the server's date of birth ('1990-04-02T00:00:00.000'), for date inputs. */
export function toDateInput(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/** Whole years between a birth date (YYYY-MM-DD) and today, adjusted for month and day. */
export function ageOn(dob: string, today = new Date()): number {
  const [y, m, d] = dob.slice(0, 10).split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}
