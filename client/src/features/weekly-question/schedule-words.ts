// The words and defaults of the weekly question's day and time (docs/decisions/0031-one-question-a-week.md): the
// person's own clock, read from the browser (its IANA time zone, today's weekday), and times in half hours.
import type { Locale } from '#contract/locale';
import { DAYS, DEFAULT_MINUTE, type WeeklySchedule } from '#contract/weekly-question';

export { DAYS };

/** The settings section's id: /notifications#weekly-question. */
export const WEEKLY_QUESTION_ANCHOR = 'weekly-question';

/** The browser's time zone ("Europe/London"); UTC when it gives none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A new setting: today's weekday, 10 in the morning, the browser's time zone. */
export const defaultSchedule = (today = new Date()): WeeklySchedule => ({
  day: today.getDay(),
  minute: DEFAULT_MINUTE,
  time_zone: browserTimeZone(),
});

/** "10:00 AM", "2:30 PM". */
export function timeWords(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Every half hour of the day, and the chosen minute when it is not one of them. */
export function timeChoices(chosen: number): number[] {
  const all = Array.from({ length: 48 }, (_, i) => i * 30);
  return all.includes(chosen) ? all : [...all, chosen].sort((a, b) => a - b);
}

/** A weekday (0 Sunday) in the interface's language: the spec's English names, else Intl's ("martes"). */
export function dayName(day: number, locale: Locale = 'en'): string {
  if (locale === 'en') return DAYS[day] ?? '';
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** "10:00 AM" in English, the 24-hour "10:00" in Spanish. */
export function clockWords(minute: number, locale: Locale = 'en'): string {
  if (locale === 'en') return timeWords(minute);
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The next email's instant on the device's clock, as its day ("Tuesday 1 December", "martes, 1 de diciembre") and
 * time ("10:00 AM", "10:00"): the settings' sentence puts them together in its own language.
 */
export function nextWords(iso: string, locale: Locale = 'en'): { day: string; time: string } {
  const at = new Date(iso);
  const day = at.toLocaleDateString(locale === 'en' ? 'en-GB' : locale, { weekday: 'long', day: 'numeric', month: 'long' });
  return { day, time: clockWords(at.getHours() * 60 + at.getMinutes(), locale) };
}
