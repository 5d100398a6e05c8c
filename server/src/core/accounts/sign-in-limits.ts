// The sign-in budgets of docs/decisions/0009-sign-in-and-account-change-limits.md. Keys are the typed
// address, never a lookup, so an unknown email is counted and answered exactly like a real account.
import type { CoreDeps } from '../shared/core-deps';
import { limitRate, rateLimited } from '../shared/rate-limit';

/**
 * Counts one sign-in attempt before the password is checked: every attempt per client; failures per
 * (account, client) and per account, given back by `succeeded`. Past the per-account ceiling, clients that
 * have failed on the account share a few attempts a minute; a client with no failures on it is not slowed,
 * so strangers cannot lock the owner out.
 */
export async function countSignIn(deps: CoreDeps, clientKey: string, email: string): Promise<{ succeeded: () => Promise<void> }> {
  const account = email.toLowerCase();
  const pair = JSON.stringify([account, clientKey]);
  await limitRate(deps, [['loginPerClient', clientKey]]);
  // Reserved before judging, so parallel attempts from one client cannot all pass as "no failures yet".
  const mine = await deps.limiter.consume('loginFailuresPerPair', pair);
  if (!mine.allowed) throw rateLimited('loginFailuresPerPair', mine.retryAfterSec);
  const ceiling = deps.config.rateLimits.loginFailuresPerAccount.points;
  if (mine.used > 1 && (await deps.limiter.used('loginFailuresPerAccount', account)) >= ceiling) {
    const slot = await deps.limiter.consume('loginSlowedPerAccount', account);
    if (!slot.allowed) {
      await deps.limiter.refund('loginFailuresPerPair', pair); // not judged, so not a failure
      throw rateLimited('loginSlowedPerAccount', slot.retryAfterSec);
    }
  }
  await deps.limiter.consume('loginFailuresPerAccount', account); // only counts: the ceiling slows, never refuses
  return {
    async succeeded() {
      await deps.limiter.refund('loginFailuresPerPair', pair);
      await deps.limiter.refund('loginFailuresPerAccount', account);
    },
  };
}
