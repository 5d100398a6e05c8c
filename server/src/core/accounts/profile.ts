import { AppError } from '../../contract/errors';
import type { ChangePasswordInput, EditProfileInput, Profile } from '../../contract/accounts';
import type { SetImageInput } from '../../contract/uploads';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { isUniqueViolation, writeTransaction } from '../../db/transaction';
import { deleteBlobs, forgetUnreferenced, requireOwnUpload } from '../uploads/owned-upload';
import { checkAge } from './check-age';
import { requestEmailChange } from './email-change';
import { configuredLinks, type SiteLinks } from './password-reset';
import { storeNewPassword } from './new-password';
import { hashPassword } from './passwords';
import { ownProfile } from './profile-view';
import { passwordNeeded, requirePasswordOrRecentSignIn, WRONG_CURRENT_PASSWORD } from './reauthenticate';
import { createSession } from './sessions';

export const EMAIL_TAKEN = 'Email is already taken.';
export const SIGN_IN_AGAIN = passwordNeeded('change your password');
export const EMAIL_NEEDS_PASSWORD = passwordNeeded('change your email address');
export { WRONG_CURRENT_PASSWORD };
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

async function loadUser(deps: CoreDeps, userId: number) {
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
  return user;
}

export async function getProfile(deps: CoreDeps, { userId }: SignedInActor): Promise<Profile> {
  return ownProfile(await loadUser(deps, userId), deps.clock.now());
}

/**
 * Saves names, birth date and privacy. A new email address is not saved here: it gets a confirmation link and
 * takes effect when the link is opened (email-change.ts, ADR 0019), so the answer keeps the current address.
 */
export async function editProfile(
  deps: CoreDeps,
  actor: SignedInActor,
  input: EditProfileInput,
  links: SiteLinks = configuredLinks(deps),
): Promise<Profile> {
  const { userId } = actor;
  const now = deps.clock.now();
  checkAge(input.dob, now);
  const current = await loadUser(deps, userId);
  // The password, limits, a taken address (409) and the link come first, so a refused address saves nothing else either.
  if (input.email !== current.email) {
    await requestEmailChange(deps, actor, { email: input.email, current_password: input.current_password }, links);
  }
  try {
    await writeTransaction(deps, async (trx) => {
      const res = await trx
        .updateTable('users')
        .set({
          first_name: input.first_name,
          last_name: input.last_name,
          dob: input.dob,
          is_private: input.is_private ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', userId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
      await appendEvent(
        trx,
        {
          type: 'profile_updated',
          payload: { user_id: userId, first_name: input.first_name, last_name: input.last_name, is_private: input.is_private },
        },
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
  return getProfile(deps, actor);
}

/**
 * Needs the current password, or a sign-in within the last ten minutes (the old client sends only the
 * new password): reauthenticate.ts. Ends every other session and every emailed link (new-password.ts) and rotates
 * the caller's token. Limited: every attempt per client; a wrong current password as reauthenticate.ts counts it.
 */
export async function changePassword(
  deps: CoreDeps,
  actor: SignedInActor,
  input: ChangePasswordInput,
): Promise<{ token: string; expiresAt: number }> {
  const { userId } = actor;
  await limitRate(deps, [['passwordChangePerClient', actor.clientKey]]);
  await loadUser(deps, userId);
  await requirePasswordOrRecentSignIn(deps, actor, input.current_password, 'change your password');
  const now = deps.clock.now();
  const password_hash = await hashPassword(input.password);
  return writeTransaction(deps, async (trx) => {
    await storeNewPassword(trx, userId, password_hash, now);
    return createSession(deps, trx, userId, now);
  });
}

export async function setPicture(deps: CoreDeps, { userId }: SignedInActor, { image }: SetImageInput): Promise<void> {
  await replacePicture(deps, userId, image);
}

export async function deletePicture(deps: CoreDeps, { userId }: SignedInActor): Promise<void> {
  await replacePicture(deps, userId, null);
}

async function replacePicture(deps: CoreDeps, userId: number, image: string | null): Promise<void> {
  const now = deps.clock.now();
  const removed = await writeTransaction(deps, async (trx) => {
    if (image !== null) await requireOwnUpload(trx, userId, image);
    const before = await trx.selectFrom('users').select('image').where('id', '=', userId).executeTakeFirst();
    if (!before) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
    if (before.image === image) return [];
    await trx.updateTable('users').set({ image, updated_at: now }).where('id', '=', userId).execute();
    await appendEvent(trx, { type: 'picture_changed', payload: { user_id: userId, has_picture: image !== null } }, now);
    return forgetUnreferenced(trx, [before.image]);
  });
  await deleteBlobs(deps, removed);
}
