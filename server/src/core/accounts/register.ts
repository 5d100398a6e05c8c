import { AppError } from '../../contract/errors';
import type { RegisterInput } from '../../contract/schemas';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { isUniqueViolation, writeTransaction } from '../../db/transaction';
import { checkAge } from './check-age';
import { hashPassword } from './passwords';
import { claimFirstAdmin } from '../moderation/roles';

export const TAKEN_USERNAME = 'That username is taken. Please choose another.';
export const TAKEN_ACCOUNT = 'An account with that username or email already exists.';

/**
 * `claimFirstAdmin`: whether this registration may become the site's first admin (docs/decisions/0020-moderation.md);
 * the demo people are registered with false. The input never carries a role: the schema has no such field.
 */
export async function register(
  deps: CoreDeps,
  actor: Actor,
  input: RegisterInput,
  { claimFirstAdmin: mayClaim = true }: { claimFirstAdmin?: boolean } = {},
): Promise<{ username: string }> {
  const now = deps.clock.now();
  checkAge(input.dob, now);
  await limitRate(deps, [['registerPerClient', actor.clientKey]]);

  const taken = await deps.db.selectFrom('users').select('username').where('username', '=', input.username).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', TAKEN_USERNAME, { username: TAKEN_USERNAME });

  const password_hash = await hashPassword(input.password);
  try {
    await writeTransaction(deps, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          email: input.email,
          password_hash,
          first_name: input.first_name,
          last_name: input.last_name,
          dob: input.dob,
          image: null,
          is_private: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (mayClaim && (await claimFirstAdmin(trx, now))) {
        await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
      }
      await appendEvent(
        trx,
        {
          type: 'user_registered',
          payload: {
            user_id: user.id,
            username: input.username,
            first_name: input.first_name,
            last_name: input.last_name,
            is_private: false,
          },
        },
        now,
      );
    });
  } catch (err) {
    // Two registrations racing for the same name or email: the database decides, the loser gets a clear 409.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', TAKEN_ACCOUNT);
    throw err;
  }
  return { username: input.username };
}
