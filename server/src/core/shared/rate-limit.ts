import { AppError } from '../../contract/errors';
import type { RateRuleName } from '../../ports/rate-limiter';
import type { CoreDeps } from './core-deps';

const WHAT: Record<RateRuleName, string> = {
  loginPerClient: 'sign-in attempts',
  loginFailuresPerPair: 'failed sign-in attempts for this account',
  loginFailuresPerAccount: 'failed sign-in attempts for this account',
  loginSlowedPerAccount: 'sign-in attempts for this account',
  passwordChangePerClient: 'password changes',
  passwordChangeFailuresPerAccount: 'wrong current passwords',
  emailChangePerAccount: 'email address changes',
  emailChangePerClient: 'email address changes from your network',
  registerPerClient: 'new accounts from your network',
  commentPerAccount: 'comments',
  commentPerClient: 'comments from your network',
  uploadPerAccount: 'uploads',
  uploadPerClient: 'uploads from your network',
  photoUploadPerAccount: 'photo uploads',
  photoUploadPerClient: 'photo uploads from your network',
  draftSavePerAccount: 'draft saves',
  largeDraftSavePerAccount: 'saves of a draft this long',
  storyPublishPerAccount: 'publishes of your story',
  storyPreviewPerAccount: 'previews of your story',
  passwordResetPerAddress: 'password reset emails for this address',
  passwordResetPerClient: 'password reset requests from your network',
  passwordResetUsePerClient: 'attempts to set a new password from your network',
  bookDownloadPerAccount: 'book downloads',
  bookPrintPerAccount: 'book pages to print',
  dataExportPerAccount: 'downloads of your data',
  dataImportPerAccount: 'imports of your data',
  documentImportPerAccount: 'documents brought in',
  reportPerAccount: 'reports',
  reportPerClient: 'reports from your network',
  emailConfirmPerClient: 'attempts to confirm an email address from your network',
  verifyResendPerAddress: 'new confirmation links for this address',
  verifyResendPerClient: 'new confirmation links asked for from your network',
  verifyEmailPerClient: 'attempts to confirm an email address from your network',
  readsPerClient: 'requests from your network',
  circleInvitePerAccountHour: 'invitations in an hour',
  circleInvitePerAccountDay: 'invitations in a day',
  circleInvitePerClient: 'invitations from your network',
  followEmailPerClient: 'follows by email from your network',
  followEmailPerAddress: 'confirmation emails for this address',
  answerEmailPerSender: 'emails from this address',
  inboundMailPerClient: 'emails from this mail server',
  answerEmailPerAccount: 'answers by email today',
  answerRefusalPerAccount: 'replies about refused answers today',
  requestsPerToken: 'requests with this token',
};

/** The 429 every limit answers with: what was too many, and when to try again. */
export function rateLimited(rule: RateRuleName, retryAfterSec: number): AppError {
  const wait = retryAfterSec >= 120 ? `${Math.ceil(retryAfterSec / 60)} minutes` : `${retryAfterSec} seconds`;
  return new AppError('RATE_LIMITED', `Too many ${WHAT[rule]}. Please try again in ${wait}.`, undefined, retryAfterSec);
}

/** Spends one attempt from each (rule, key) pair; the first exhausted one refuses with a clear 429. */
export async function limitRate(deps: CoreDeps, checks: [RateRuleName, string][]): Promise<void> {
  for (const [rule, key] of checks) {
    const res = await deps.limiter.consume(rule, key);
    if (!res.allowed) throw rateLimited(rule, res.retryAfterSec);
  }
}

/**
 * Takes one point from a failure budget before the attempt is judged, and returns the function that gives
 * it back when the attempt succeeds: only failures count, yet concurrent attempts (a tRPC batch) cannot
 * all be judged before any of them is counted.
 */
export async function reserveFailure(deps: CoreDeps, rule: RateRuleName, key: string): Promise<() => Promise<void>> {
  await limitRate(deps, [[rule, key]]);
  return () => deps.limiter.refund(rule, key);
}

/**
 * Refuses at once when the key's budget is already spent, taking nothing otherwise: for a check made before a
 * request's body is read (the call itself spends its point later, with `limitRate`, as every call does).
 */
export async function refuseIfSpent(deps: CoreDeps, rule: RateRuleName, key: string): Promise<void> {
  if ((await deps.limiter.used(rule, key)) < deps.config.rateLimits[rule].points) return;
  const res = await deps.limiter.consume(rule, key); // for the wait; a window that ended meanwhile allows it
  if (!res.allowed) throw rateLimited(rule, res.retryAfterSec);
  await deps.limiter.refund(rule, key);
}
