// One question a week by email (issue #25, docs/decisions/0031-one-question-a-week.md): the setting (a day of the week
// and a time of day in the person's own time zone; pause, resume, stop) and the write screen's `?question=` link.
import { z } from 'zod';

export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The time a new setting starts with: 10 in the morning. */
export const DEFAULT_MINUTE = 10 * 60;
export const BAD_TIME_ZONE = 'Please choose a time zone.';

/** A name the runtime knows as an IANA time zone ("Europe/London", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const weeklyScheduleInput = z.object({
  /** 0 Sunday to 6 Saturday. */
  day: z
    .number({ invalid_type_error: 'Please choose a day.' })
    .int('Please choose a day.')
    .min(0, 'Please choose a day.')
    .max(6, 'Please choose a day.'),
  /** Minutes after midnight. */
  minute: z
    .number({ invalid_type_error: 'Please choose a time.' })
    .int('Please choose a time.')
    .min(0, 'Please choose a time.')
    .max(24 * 60 - 1, 'Please choose a time.'),
  /** The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone). */
  time_zone: z.string({ invalid_type_error: BAD_TIME_ZONE }).refine(isTimeZone, BAD_TIME_ZONE),
});
export type WeeklySchedule = z.output<typeof weeklyScheduleInput>;

export const weeklyQuestionOutput = z.object({
  /** off: never asked for, or stopped. */
  state: z.enum(['off', 'on', 'paused']),
  /** null until first chosen (the client offers today's weekday at 10:00 in the browser's zone). */
  day: z.number().int().nullable(),
  minute: z.number().int().nullable(),
  time_zone: z.string().nullable(),
  /** The next email's instant (ISO), while on. */
  next_at: z.string().nullable(),
});
export type WeeklyQuestionSetting = z.output<typeof weeklyQuestionOutput>;

export const NO_SUCH_QUESTION_LINK = 'This question is no longer available.';

export const openQuestionInput = z.object({
  id: z
    .string()
    .max(80, NO_SUCH_QUESTION_LINK)
    .regex(/^[a-z0-9-]+$/, NO_SUCH_QUESTION_LINK),
});
export const openQuestionOutput = z.object({ id: z.string(), text: z.string() });
export type OpenedQuestion = z.output<typeof openQuestionOutput>;

export const unsubscribeWeeklyInput = z.object({
  token: z
    .string()
    .max(200, 'This link is not valid.')
    .regex(/^\d+\.[A-Za-z0-9_-]+$/, 'This link is not valid.'),
});
