import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { appendEvent } from '../events/append-event';
import { endTokens } from './developer-tokens';
import { endAllLinks } from './link-tokens';

/**
 * Stores a new password (a change or a reset) and ends what the old one may have let in: every session, every
 * developer token (ADR 0039) and every open emailed link of the account, of every kind. password_changed_at also makes claimLink refuse any link made
 * before now that something failed to end (docs/decisions/0014-account-recovery.md).
 */
export async function storeNewPassword(trx: Transaction<Database>, userId: number, passwordHash: string, now: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await endTokens(trx, userId);
  await endAllLinks(trx, userId, now);
  await appendEvent(trx, { type: 'password_changed', payload: { user_id: userId } }, now);
}
