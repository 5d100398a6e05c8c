// The words and defaults of the weekly question's day and time (docs/decisions/0031-one-question-a-week.md): the
// person's own clock, read from the browser (its IANA time zone, today's weekday), and times in half hours.
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

/** "Tuesday 1 December at 10:00 AM" for the next email's instant, on the device's clock. */
export function nextWords(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
  return `${day} at ${timeWords(at.getHours() * 60 + at.getMinutes())}`;
}
