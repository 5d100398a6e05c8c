// Who is an admin (docs/decisions/0020-moderation.md): the first account a person registers on a new site, and any
// account whose email is in ADMIN_EMAILS. A role is never taken from a request body: only register() (the first
// account) and this file's reading of the configuration decide it.
import { sql, type Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import type { Database } from '../../db/schema';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';

export const ADMINS_ONLY = 'Only the site’s moderators can do this.';

/** Whether this person is an admin now (role, or email in ADMIN_EMAILS); false for an unknown or suspended id. */
export async function isAdmin(deps: CoreDeps, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const row = await deps.db.selectFrom('users').select(['role', 'email', 'suspended_at']).where('id', '=', userId).executeTakeFirst();
  if (!row || row.suspended_at !== null) return false;
  return row.role === 'admin' || deps.config.adminEmails.includes(row.email.toLowerCase());
}

/** FORBIDDEN (403) for everyone but an admin. */
export async function requireAdmin(deps: CoreDeps, actor: SignedInActor): Promise<void> {
  if (!(await isAdmin(deps, actor.userId))) throw new AppError('FORBIDDEN', ADMINS_ONLY);
}

/**
 * Takes the site's one 'first_admin' flag inside the registration's transaction: true for exactly one account, the
 * first a person registers (a site that had accounts before migration 009 has it taken already).
 */
export async function claimFirstAdmin(trx: Transaction<Database>, now: number): Promise<boolean> {
  const claimed = await trx
    .insertInto('site_flags')
    .values({ name: 'first_admin', at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(sql<number>`1`.as('taken'))
    .executeTakeFirst();
  return claimed !== undefined;
}
