/** Every rate limit the core applies; config.ts gives each its budget (docs/decisions/0009-sign-in-and-account-change-limits.md). */
export const RATE_RULE_NAMES = [
  'loginPerClient',
  'loginFailuresPerPair',
  'loginFailuresPerAccount',
  'loginSlowedPerAccount',
  'passwordChangePerClient',
  'passwordChangeFailuresPerAccount',
  'emailChangePerAccount',
  'emailChangePerClient',
  'registerPerClient',
  'commentPerAccount',
  'commentPerClient',
  'uploadPerAccount',
  'uploadPerClient',
  'photoUploadPerAccount',
  'photoUploadPerClient',
  'draftSavePerAccount',
  'largeDraftSavePerAccount',
  'storyPublishPerAccount',
  'storyPreviewPerAccount',
  'passwordResetPerAddress',
  'passwordResetPerClient',
  'passwordResetUsePerClient',
  'bookDownloadPerAccount',
  'bookPrintPerAccount',
  'dataExportPerAccount',
  'dataImportPerAccount',
  'documentImportPerAccount',
  'reportPerAccount',
  'reportPerClient',
  'emailConfirmPerClient',
  'verifyResendPerAddress',
  'verifyResendPerClient',
  'verifyEmailPerClient',
  'readsPerClient',
  'circleInvitePerAccountHour',
  'circleInvitePerAccountDay',
  'circleInvitePerClient',
  'followEmailPerClient',
  'followEmailPerAddress',
  'answerEmailPerSender',
  'inboundMailPerClient',
  'answerEmailPerAccount',
  'answerRefusalPerAccount',
  'requestsPerToken',
] as const;

export type RateRuleName = (typeof RATE_RULE_NAMES)[number];

/**
 * Budgets that protect this process's own event loop rather than an account: counted in the process's memory even
 * when the others are shared between instances (a shared count would be a database write for every read). A developer
 * token's budget too: a write per call of every script (docs/decisions/0039-personal-access-tokens.md).
 */
export const PER_INSTANCE_RULES: readonly RateRuleName[] = ['readsPerClient', 'requestsPerToken'];

/** A budget: `points` attempts per key in each window of `durationSec`. */
export interface RateRule {
  points: number;
  durationSec: number;
}

export type RateRules = Record<RateRuleName, RateRule>;

export type Consumed = { allowed: true; used: number } | { allowed: false; retryAfterSec: number };

/** Counts attempts per key in fixed windows; `consume` refuses with the seconds to wait once a key's budget is spent. */
export interface RateLimiter {
  /** Takes one point; when allowed, `used` is the points taken in this window, this one included. */
  consume(rule: RateRuleName, key: string): Promise<Consumed>;
  /** Gives back one point taken by `consume` (an attempt that turned out not to count, e.g. a right password). */
  refund(rule: RateRuleName, key: string): Promise<void>;
  /** Points taken in the key's current window (0 when none). */
  used(rule: RateRuleName, key: string): Promise<number>;
}
