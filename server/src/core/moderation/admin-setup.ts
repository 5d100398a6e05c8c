// The one-time admin setup link (docs/decisions/0020-moderation.md): at a start of a site with no admin, serve.ts
// prints a link that makes the signed-in account of whoever opens it the site's admin. Only its token's keyed hash is
// stored; it works once, for SETUP_LINK_HOURS, and a site has at most one open link at a time.
import type { Kysely } from 'kysely';
import { SETUP_LINK_HOURS, SETUP_LINK_INVALID, type ClaimSetupLinkInput } from '../../contract/moderation';
import { AppError } from '../../contract/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { serializedTransaction } from '../../db/transaction';
import type { MailMessage } from '../../ports/mailer';
import { message, SITE } from '../accounts/account-emails';
import { linkTokenHash, newLinkToken } from '../accounts/link-tokens';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isAdminRow } from './roles';

const LINK_MS = SETUP_LINK_HOURS * 60 * 60 * 1000;
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

/** What making a setup link needs: the CLI has these without the rest of the server. */
export type SetupLinkDeps = Pick<CoreDeps, 'db' | 'clock' | 'secret' | 'config'>;

export type SetupLinkOffer =
  /** An account is an admin already: no link. */
  | { kind: 'has-admin' }
  /** A link made earlier (by this or another instance) still works; only its hash is kept, so it is not shown again. */
  | { kind: 'open'; createdAt: number; expiresAt: number }
  | { kind: 'new'; link: string; expiresAt: number };

/** Whether any account that is not suspended is an admin now (a role, or a verified address in ADMIN_EMAILS). */
export async function siteHasAdmin(db: Kysely<Database>, config: Pick<Config, 'adminEmails'>): Promise<boolean> {
  const rows = await db
    .selectFrom('users')
    .select(['role', 'email', 'verified_email'])
    .where('suspended_at', 'is', null)
    .where((eb) =>
      config.adminEmails.length
        ? eb.or([eb('role', '=', 'admin'), eb('verified_email', 'in', config.adminEmails)])
        : eb('role', '=', 'admin'),
    )
    .execute();
  return rows.some((row) => isAdminRow(config, row));
}

async function insertLink(db: Kysely<Database>, deps: SetupLinkDeps, origin: string, now: number) {
  const { token, tokenHash } = newLinkToken(deps.secret, 'admin-setup');
  await db
    .insertInto('admin_setup_links')
    .values({ token_hash: tokenHash, created_at: now, expires_at: now + LINK_MS })
    .execute();
  // In the fragment, as emailed links are: a browser never sends it to a server, so it stays out of logs and Referer.
  return { kind: 'new' as const, link: `${origin}/admin-setup#token=${token}`, expiresAt: now + LINK_MS };
}

/**
 * At a start: a new link when no account is an admin and no link is open. Taken in a serialized write, so instances
 * starting together on one PostgreSQL make one link between them: the others say when it expires.
 */
export function offerAdminSetupLink(deps: SetupLinkDeps, origin: string): Promise<SetupLinkOffer> {
  const now = deps.clock.now();
  return serializedTransaction(deps.db, async (trx) => {
    if (await siteHasAdmin(trx, deps.config)) return { kind: 'has-admin' };
    const open = await trx
      .selectFrom('admin_setup_links')
      .select(['created_at', 'expires_at'])
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('expires_at', 'desc')
      .executeTakeFirst();
    if (open) return { kind: 'open', createdAt: open.created_at, expiresAt: open.expires_at };
    return insertLink(trx, deps, origin, now);
  });
}

/** `npm run admin -- --setup-link`: ends any open link and makes a new one (a printed link that was lost). */
export function replaceAdminSetupLink(deps: SetupLinkDeps, origin: string): Promise<{ link: string; expiresAt: number }> {
  const now = deps.clock.now();
  return serializedTransaction(deps.db, async (trx) => {
    await trx.updateTable('admin_setup_links').set({ used_at: now }).where('used_at', 'is', null).execute();
    return insertLink(trx, deps, origin, now);
  });
}

/**
 * Opening the link while signed in: makes that account an admin, once. The claim and the role share a transaction,
 * so two tabs cannot both use it. The token is 256 random bits: guessing one is hopeless, so no rate limit is needed.
 */
export async function claimAdminSetupLink(
  deps: CoreDeps,
  actor: SignedInActor,
  { token }: ClaimSetupLinkInput,
): Promise<{ admin: true; username: string }> {
  const tokenHash = linkTokenHash(deps.secret, 'admin-setup', token);
  const now = deps.clock.now();
  const username = await serializedTransaction(deps.db, async (trx) => {
    const user = await trx.selectFrom('users').select('username').where('id', '=', actor.userId).executeTakeFirst();
    if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_GONE);
    const claimed = await trx
      .updateTable('admin_setup_links')
      .set({ used_at: now, used_by: actor.userId })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .executeTakeFirst();
    if (!claimed) throw new AppError('BAD_INPUT', SETUP_LINK_INVALID, { token: SETUP_LINK_INVALID });
    await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', actor.userId).execute();
    return user.username;
  });
  deps.log(`The admin setup link made the account ${username} an admin.`);
  return { admin: true, username };
}

/** Used and expired links are kept for a day past their time (what used one), then removed with the housekeeping. */
export async function purgeOldSetupLinks(deps: Pick<CoreDeps, 'db' | 'clock'>): Promise<void> {
  await deps.db
    .deleteFrom('admin_setup_links')
    .where('expires_at', '<', deps.clock.now() - LINK_MS)
    .execute();
}

/** The line a start prints about the setup link, or undefined when the site has an admin. */
export function setupLinkLine(offer: SetupLinkOffer): string | undefined {
  if (offer.kind === 'has-admin') return undefined;
  if (offer.kind === 'open')
    return `No account is an admin yet. The admin setup link printed at ${new Date(offer.createdAt).toISOString()} works until ${new Date(offer.expiresAt).toISOString()}; to print a new one, run: npm run admin -- --setup-link`;
  return `No account is an admin yet. Register your account on the site, then open this link while signed in to make it the admin (once, until ${new Date(offer.expiresAt).toISOString()}): ${offer.link}`;
}

/** The same link in the outbox (a site with no mail server), addressed to the site's own MAIL_FROM. */
export function setupLinkEmail(to: string, link: string, expiresAt: number): MailMessage {
  return message(to, `The admin setup link for ${SITE}`, [
    `No account on this ${SITE} site is an admin yet. To make your own account the admin, register it on the site, sign in, and open this link (it works once, until ${new Date(expiresAt).toISOString()}):`,
    link,
    'Anyone who has this link can make their account the admin: do not share it. If it is lost or expires, run “npm run admin -- --setup-link” for a new one, or “npm run admin -- --email ADDRESS” to make an account the admin directly.',
  ]);
}
