// Every date and time the client shows goes through here (issue #26, point 9), so each screen says the same thing
// the same way: "November 27, 2026", "8:09 PM", "November 27, 2026 at 8:09 PM", and "Tuesday" for days this week.
const LOCALE = 'en-US';
const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', day: 'numeric' });
const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long' });

type When = string | number | Date | null | undefined;

function toDate(value: When): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "November 22, 2026": comment dates, profiles, lists. */
export function formatLongDate(value: When): string {
  const d = toDate(value);
  return d ? dateFormat.format(d) : '';
}

/** "8:09 PM". */
export function formatTime(value: When): string {
  const d = toDate(value);
  return d ? timeFormat.format(d) : '';
}

/** "November 22, 2026 at 8:09 PM": versions, notifications, the moderation log. */
export function formatDateTime(value: When): string {
  const d = toDate(value);
  return d ? `${dateFormat.format(d)} at ${timeFormat.format(d)}` : '';
}

/** "November 27" this year, "November 27, 2025" before it. */
export function formatShortDate(value: When, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  return (d.getFullYear() === now.getFullYear() ? dayMonthFormat : dateFormat).format(d);
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "earlier today", "yesterday", "Tuesday" (within the last week), else the short date: when something was left. */
export function formatDayWords(value: When, now = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return 'earlier today';
  if (days === 1) return 'yesterday';
  if (days < 7) return weekdayFormat.format(d);
  return formatShortDate(d, now);
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
