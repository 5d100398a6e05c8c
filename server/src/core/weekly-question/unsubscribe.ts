// The weekly question's unsubscribe link (docs/decisions/0031-one-question-a-week.md): no sign-in, one POST (its page's
// button, or a mail program's RFC 8058 one-click). Stopping twice is fine.
import { AppError } from '../../contract/errors';
import type { CoreDeps } from '../shared/core-deps';
import { userOfUnsubscribeToken } from './unsubscribe-token';
import { stopWeeklyQuestionOf } from './weekly-setting';

export const BAD_LINK = 'This link is not valid.';

export async function unsubscribeWeeklyQuestion(deps: CoreDeps, token: string): Promise<void> {
  const userId = userOfUnsubscribeToken(deps.secret, token);
  if (userId === null) throw new AppError('BAD_INPUT', BAD_LINK);
  await stopWeeklyQuestionOf(deps.db, userId, deps.clock.now());
}

/** Whether a link's token was made here (the GET page asks this before showing its button). */
export const isUnsubscribeToken = (deps: CoreDeps, token: string) => userOfUnsubscribeToken(deps.secret, token) !== null;
