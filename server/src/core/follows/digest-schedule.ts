// The followers' emails on a timer of their own (docs/decisions/0027-followers-and-digests.md): every ten minutes, so a
// family hears of a new chapter within minutes of its publishing, not within the hour the housekeeping waits. The job is
// the one the hourly housekeeping ran, sendFollowDigests: its day's mark per follower and story keeps "at most one
// email a day" however often it runs. One run at a time in this process, and, with PostgreSQL, one instance at a
// time (`runAlone`, an advisory lock of its own, as the housekeeping's; ADR 0021).
import type { SiteLinks } from '../accounts/password-reset';
import type { CoreDeps } from '../shared/core-deps';
import { type ScheduledJob, scheduleJob } from '../shared/scheduled-job';
import { sendFollowDigests } from './daily-digest';

export const FOLLOW_DIGEST_EVERY_MS = 10 * 60 * 1000;

export type FollowDigestSchedule = ScheduledJob;

export function scheduleFollowDigests(
  deps: CoreDeps & { runAlone(fn: () => Promise<void>): Promise<boolean> },
  links: () => SiteLinks,
  log: (message: string) => void,
  everyMs = FOLLOW_DIGEST_EVERY_MS,
): FollowDigestSchedule {
  return scheduleJob(
    (fn) => deps.runAlone(fn),
    () => sendFollowDigests(deps, links()),
    (err) => log(`Sending followers' emails failed: ${err.message}`),
    everyMs,
  );
}
