// When a weekly question goes (docs/decisions/0031-one-question-a-week.md): a day of the week and a minute of the day
// on the person's own clock, in their IANA time zone, without a time-zone library: the zone's offset at an instant
// comes from Intl, and a wall-clock time is turned into an instant by correcting a first guess with it.
import type { WeeklySchedule } from '../../contract/weekly-question';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The least time between two emails: a late one (the server was down) does not bring the next one close. */
export const LEAST_GAP_MS = 3 * DAY_MS;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `at`, as if it were UTC (milliseconds). */
function wallClock(at: number, zone: string): number {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const offset = (at: number, zone: string) => wallClock(at - (at % 1000), zone) - (at - (at % 1000));

/** The instant a wall-clock time (given as if UTC) happens in `zone`; a time skipped by a clock change moves on by it. */
function instantOf(wall: number, zone: string): number {
  let at = wall - offset(wall, zone);
  at = wall - offset(at, zone);
  return at;
}

/** The first instant strictly after `after` that is the chosen day and minute in the chosen zone. */
export function nextSendAt(after: number, { day, minute, time_zone }: WeeklySchedule): number {
  const today = wallClock(after, time_zone);
  const midnight = today - (today % DAY_MS);
  for (let k = 0; k <= 8; k++) {
    const date = midnight + k * DAY_MS;
    if (new Date(date).getUTCDay() !== day) continue;
    const at = instantOf(date + minute * 60_000, time_zone);
    if (at > after) return at;
  }
  // Unreachable: a week always holds the day.
  throw new Error('No next time found.');
}

/** The next email's instant for a person now: the chosen time, and never within LEAST_GAP_MS of the last email. */
export function nextAfter(now: number, lastSentAt: number | null, schedule: WeeklySchedule): number {
  return nextSendAt(Math.max(now, lastSentAt === null ? 0 : lastSentAt + LEAST_GAP_MS), schedule);
}
