// The weekly questions on a timer of their own (docs/decisions/0031-one-question-a-week.md), as the followers' digests
// are (core/follows/digest-schedule.ts): every minute, so an email goes within a minute of the time its writer chose.
// The claim on each person's next_at keeps "one email a week" however often it runs. One run at a time in this
// process, and, with PostgreSQL, one instance at a time (`runAlone`, an advisory lock of its own; ADR 0021).
import type { SiteLinks } from '../accounts/password-reset';
import type { CoreDeps } from '../shared/core-deps';
import { sendWeeklyQuestions } from './send-weekly-questions';

export const WEEKLY_QUESTION_EVERY_MS = 60 * 1000;

export interface WeeklyQuestionSchedule {
  /** One run now (what the timer does): false when a run of this process was still going, or another instance's. */
  run(): Promise<boolean>;
  stop(): void;
}

export function scheduleWeeklyQuestions(
  deps: CoreDeps & { runAlone(fn: () => Promise<void>): Promise<boolean> },
  links: () => SiteLinks,
  log: (message: string) => void,
  everyMs = WEEKLY_QUESTION_EVERY_MS,
): WeeklyQuestionSchedule {
  let running = false;
  const run = async () => {
    if (running) return false;
    running = true;
    try {
      return await deps.runAlone(async () => {
        await sendWeeklyQuestions(deps, links());
      });
    } catch (err) {
      log(`Sending the weekly questions failed: ${(err as Error).message}`);
      return false;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
