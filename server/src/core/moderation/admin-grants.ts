// The owner's command (`npm run admin`, server/src/cli/admin.ts; docs/decisions/0020-moderation.md): gives the admin role
// to an existing account, or takes it back, by the account's email address, straight on the configured database.
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { isAdminRow, isListedAdminAddress } from './roles';

export interface AdminGrant {
  username: string;
  email: string;
  /** Whether the account is an admin after the change (an address in ADMIN_EMAILS keeps one without the role). */
  admin: boolean;
  suspended: boolean;
  listed: boolean;
}

/** Sets the account's role ('admin' or 'member'); undefined when no account has the address (any capitalisation). */
export async function setAdminRole(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmails'>,
  email: string,
  admin: boolean,
): Promise<AdminGrant | undefined> {
  const row = await db
    .updateTable('users')
    .set({ role: admin ? 'admin' : 'member' })
    .where('email', '=', email) // case-insensitive column (COLLATE NOCASE, CITEXT)
    .returning(['username', 'email', 'role', 'verified_email', 'suspended_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    username: row.username,
    email: row.email,
    admin: isAdminRow(config, row),
    suspended: row.suspended_at !== null,
    listed: isListedAdminAddress(config, row.email),
  };
}

/** The accounts that are admins now, suspended or not. */
export async function listAdmins(db: Kysely<Database>, config: Pick<Config, 'adminEmails'>) {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email', 'role', 'verified_email', 'suspended_at'])
    .where((eb) =>
      config.adminEmails.length
        ? eb.or([eb('role', '=', 'admin'), eb('verified_email', 'in', config.adminEmails)])
        : eb('role', '=', 'admin'),
    )
    .orderBy('id')
    .execute();
  return rows.filter((row) => isAdminRow(config, row));
}
