import { AppError } from '../../contract/errors';
import type { Actor, SignedInActor } from './core-deps';

export const NO_SESSION_MESSAGE = 'Access denied, no token provided.';

export function isSignedIn(actor: Actor): actor is SignedInActor {
  return actor.userId !== null;
}

/** The actor, narrowed to a signed-in person, or UNAUTHENTICATED: what the transports check before the core. */
export function signedIn(actor: Actor): SignedInActor {
  if (!isSignedIn(actor)) throw new AppError('UNAUTHENTICATED', NO_SESSION_MESSAGE);
  return actor;
}
