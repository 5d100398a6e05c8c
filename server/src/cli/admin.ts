// `npm run admin`: the site owner's step for admins (docs/decisions/0020-moderation.md), on the configured database
// (the SQLite file in DATA_DIR, or DATABASE_URL), with the server running or not. Prints one line; exits 1 on failure.
//   npm run admin -- --email ADDRESS            makes the account with that address an admin
//   npm run admin -- --email ADDRESS --revoke   takes the role back
//   npm run admin -- --setup-link               a new one-time setup link (ends the one printed at the start)
//   npm run admin -- --list                     who is an admin now
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { listAdmins, setAdminRole } from '../core/moderation/admin-grants';
import { replaceAdminSetupLink } from '../core/moderation/admin-setup';
import { loadSecret } from '../deps';
import { openDatabase } from '../db/open-database';
import { openPostgres } from '../db/open-postgres';
import { systemClock } from '../ports/clock';

const USAGE = 'Usage: npm run admin -- --email ADDRESS [--revoke] | --setup-link | --list';

class UsageError extends Error {}

function options() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        email: { type: 'string' },
        revoke: { type: 'boolean', default: false },
        'setup-link': { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    const modes = [values.email !== undefined, values['setup-link'], values.list].filter(Boolean).length;
    if (positionals.length || modes !== 1 || (values.revoke && values.email === undefined)) throw new UsageError(USAGE);
    if (values.email !== undefined && !/^[^\s@,]+@[^\s@,]+$/.test(values.email.trim()))
      throw new UsageError(`“${values.email}” is not an email address. ${USAGE}`);
    return values;
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError(`${(err as Error).message}. ${USAGE}`);
  }
}

async function run(): Promise<string> {
  const args = options();
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openDatabase(config.dbFile);
  const { db } = database;
  try {
    if (args.list) {
      const admins = await listAdmins(db, config);
      if (!admins.length) return 'No account is an admin.';
      return `Admins: ${admins.map((a) => `${a.username} (${a.email}${a.suspended_at !== null ? ', suspended' : ''})`).join(', ')}.`;
    }
    if (args['setup-link']) {
      const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
      const secret = config.sessionSecret ?? loadSecret(config.dataDir);
      const { link, expiresAt } = await replaceAdminSetupLink({ db, clock: systemClock, secret, config }, origin);
      return `Open this link while signed in to make your account the site's admin (once, until ${new Date(expiresAt).toISOString()}): ${link}`;
    }
    const email = args.email!.trim();
    const grant = await setAdminRole(db, config, email, !args.revoke);
    if (!grant) throw new UsageError(`No account has the email address ${email}. Register it on the site first, then run this again.`);
    const who = `${grant.username} (${grant.email})`;
    if (!args.revoke) return `${who} is now an admin${grant.suspended ? ', once unsuspended' : ''}.`;
    if (grant.admin) return `${who} no longer has the admin role, but stays an admin while its verified address is in ADMIN_EMAILS.`;
    return `${who} is no longer an admin.`;
  } finally {
    await database.close();
  }
}

try {
  console.log(await run());
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof UsageError ? err.message : `Admin command failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
