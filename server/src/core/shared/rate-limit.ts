import { AppError } from '../../contract/errors';
import type { RateRuleName } from '../../ports/rate-limiter';
import type { CoreDeps } from './core-deps';

const WHAT: Record<RateRuleName, string> = {
  loginPerClient: 'sign-in attempts',
  loginPerAccount: 'sign-in attempts for this account',
  registerPerClient: 'new accounts from your network',
  commentPerAccount: 'comments',
  commentPerClient: 'comments from your network',
  uploadPerAccount: 'uploads',
  uploadPerClient: 'uploads from your network',
};

/** Spends one attempt from each (rule, key) pair; the first exhausted one refuses with a clear 429. */
export async function limitRate(deps: CoreDeps, checks: [RateRuleName, string][]): Promise<void> {
  for (const [rule, key] of checks) {
    const res = await deps.limiter.consume(rule, key);
    if (!res.allowed) {
      const wait = res.retryAfterSec >= 120 ? `${Math.ceil(res.retryAfterSec / 60)} minutes` : `${res.retryAfterSec} seconds`;
      throw new AppError('RATE_LIMITED', `Too many ${WHAT[rule]}. Please try again in ${wait}.`, undefined, res.retryAfterSec);
    }
  }
}
