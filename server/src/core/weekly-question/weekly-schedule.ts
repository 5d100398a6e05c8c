// The weekly questions on a timer of their own (docs/decisions/0031-one-question-a-week.md), as the followers' digests
// are (core/follows/digest-schedule.ts): every minute, so an email goes within a minute of the time its writer chose.
// The claim on each person's next_at keeps "one email a week" however often it runs. One run at a time in this
// process, and, with PostgreSQL, one instance at a time (`runAlone`, an advisory lock of its own; ADR 0021).
import type { SiteLinks } from '../accounts/password-reset';
import type { CoreDeps } from '../shared/core-deps';
import { type ScheduledJob, scheduleJob } from '../shared/scheduled-job';
import { sendWeeklyQuestions } from './send-weekly-questions';

export const WEEKLY_QUESTION_EVERY_MS = 60 * 1000;

export type WeeklyQuestionSchedule = ScheduledJob;

export function scheduleWeeklyQuestions(
  deps: CoreDeps & { runAlone(fn: () => Promise<void>): Promise<boolean> },
  links: () => SiteLinks,
  log: (message: string) => void,
  everyMs = WEEKLY_QUESTION_EVERY_MS,
): WeeklyQuestionSchedule {
  return scheduleJob(
    (fn) => deps.runAlone(fn),
    () => sendWeeklyQuestions(deps, links()),
    (err) => log(`Sending the weekly questions failed: ${err.message}`),
    everyMs,
  );
}
