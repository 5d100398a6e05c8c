import { AppError } from '../../contract/errors';
import type { Actor } from './core-deps';

export const NO_SESSION_MESSAGE = 'Access denied, no token provided.';

/** The signed-in person's id, or UNAUTHENTICATED. */
export function requireUser(actor: Actor): number {
  if (actor.userId === null) throw new AppError('UNAUTHENTICATED', NO_SESSION_MESSAGE);
  return actor.userId;
}
