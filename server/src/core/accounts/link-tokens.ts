// Tokens of emailed links (password reset, email change, email verification; ADR 0014) and of the admin setup link
// (ADR 0020): 256 random bits that ride in the URL's fragment, of which only a keyed hash is stored. The purpose is
// part of what is hashed, so a token made for one kind of link never matches a row of another.
import { createHmac, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { CoreDeps } from '../shared/core-deps';
import { afterAnswer } from '../shared/work-after-answer';

export type LinkPurpose =
  | 'password-reset'
  | 'email-change'
  | 'email-change-cancel'
  | 'email-verification'
  | 'admin-setup'
  /** A circle invitation's `/r/<token>` (core/circle/), reusable until it is sent again or the reader removed. */
  | 'circle-invitation';

/** The stored form of a link's token. */
export const linkTokenHash = (secret: Buffer, purpose: LinkPurpose, token: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${token}`).digest('hex');

/** A new link's token, and its stored form. */
export function newLinkToken(secret: Buffer, purpose: LinkPurpose): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(secret, purpose, token) };
}

/** The tables of single-use links: each row a token's hash, its person, when it expires and when it was used. */
type LinkTable = 'password_resets' | 'email_changes' | 'email_verifications';

/** Every kind of link, for what ends them all (a password change or reset, "This wasn't me"). */
export const LINK_TABLES: readonly LinkTable[] = ['password_resets', 'email_changes', 'email_verifications'];

/**
 * Claims a link inside the transaction that acts on it: marks it used if it is still unused and unexpired, so two
 * tabs opening the same link cannot both act. undefined when it is not (made up, used, expired), or when the
 * account's password changed after the link was made: a password change ends every link (endAllLinks), and this
 * refuses one that something failed to end (docs/decisions/0014-account-recovery.md).
 */
export async function claimLink(
  trx: Transaction<Database>,
  table: LinkTable,
  tokenHash: string,
  now: number,
): Promise<{ user_id: number } | undefined> {
  return trx
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ not, exists, selectFrom, ref }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', ref(`${table}.user_id`))
            .whereRef('users.password_changed_at', '>', ref(`${table}.created_at`)),
        ),
      ),
    )
    .returning('user_id')
    .executeTakeFirst();
}

/** Ends a person's open links of one kind: a newer link, or a claimed one, leaves the others nothing to do. */
export async function endOpenLinks(trx: Transaction<Database>, table: LinkTable, userId: number, now: number): Promise<void> {
  await trx.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends every open emailed link of a person, of every kind: after a password change or reset, and "This wasn't me". */
export async function endAllLinks(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  for (const table of LINK_TABLES) await endOpenLinks(trx, table, userId, now);
}

/**
 * Makes and mails a link after the answer has gone: a request for a known address then takes no longer than one for
 * an unknown address (no enumeration by timing). A failure is logged, never answered.
 */
export function mailAfterAnswer(deps: Pick<CoreDeps, 'log'>, failure: string, send: () => Promise<void>): void {
  afterAnswer(send, (err: unknown) => deps.log(`${failure}: ${(err as Error).message}`));
}
