// Who is an admin (docs/decisions/0020-moderation.md): an account whose role is 'admin', which only the owner's steps
// give (`npm run admin`, or the one-time setup link: admin-setup.ts), and an account whose address is in ADMIN_EMAILS
// once an emailed link has shown that the address reaches it (users.verified_email). Registering gives no role, and
// a role is never taken from a request body.
import { AppError } from '../../contract/errors';
import type { Config } from '../../config';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';

export const ADMINS_ONLY = 'Only the site’s moderators can do this.';

/** Whether an address is in ADMIN_EMAILS (any capitalisation). Being listed grants nothing until it is verified. */
export const isListedAdminAddress = (config: Pick<Config, 'adminEmails'>, email: string): boolean =>
  config.adminEmails.includes(email.toLowerCase());

/**
 * Whether an account's row makes it an admin, suspension aside: its role, or a listed address that an emailed link
 * verified. The verified address must be the account's current one: an admin whose address changes to one not
 * listed, or not yet verified, is no longer one.
 */
export function isAdminRow(
  config: Pick<Config, 'adminEmails'>,
  row: { role: 'member' | 'admin'; email: string; verified_email: string | null },
): boolean {
  if (row.role === 'admin') return true;
  const email = row.email.toLowerCase();
  return row.verified_email === email && isListedAdminAddress(config, email);
}

/** Whether this person is an admin now; false for an unknown or suspended id. */
export async function isAdmin(deps: CoreDeps, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const row = await deps.db
    .selectFrom('users')
    .select(['role', 'email', 'verified_email', 'suspended_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.suspended_at !== null) return false;
  return isAdminRow(deps.config, row);
}

/** FORBIDDEN (403) for everyone but an admin. */
export async function requireAdmin(deps: CoreDeps, actor: SignedInActor): Promise<void> {
  if (!(await isAdmin(deps, actor.userId))) throw new AppError('FORBIDDEN', ADMINS_ONLY);
}
