/**
 * Inviting people to read one's story (docs/decisions/0026-who-can-read-a-story.md): each gets an email with one
 * personal link, `/r/<token>`, that lets them read at once with no account (open-invitation.ts). The token is 256 random bits of
 * which only a keyed hash is stored (link-tokens.ts); sending again makes a new one and the old link ends. The story
 * need not be published yet. Each email spends a point of the account's hourly and daily invitation budgets.
 */
import {
  ALREADY_INVITED,
  CIRCLE_FULL,
  type CircleInviteInput,
  type CircleReader,
  type CircleReaderRef,
  OWN_ADDRESS,
  READER_NOT_FOUND,
} from '../../contract/circle';
import { AppError, type FieldErrors } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { isUniqueViolation, writeTransaction } from '../../db/transaction';
import type { RateRuleName } from '../../ports/rate-limiter';
import { newLinkToken } from '../accounts/link-tokens';
import type { SiteLinks } from '../accounts/password-reset';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { rateLimited } from '../shared/rate-limit';
import { READER_COLUMNS, type ReaderRow, readerView } from './circle-readers';
import { invitationEmail } from './invitation-email';

/** The invitation link of a token: always the site's own origin, never a request's Host. */
export const invitationLink = (origin: string, token: string) => `${origin}/r/${token}`;

export interface InviteResult {
  invited: CircleReader[];
  /** Addresses whose email could not be handed over (the reader is in the circle: "Send again" tries once more). */
  not_sent: string[];
}

export async function inviteReaders(
  deps: CoreDeps,
  actor: SignedInActor,
  input: CircleInviteInput,
  links: SiteLinks,
): Promise<InviteResult> {
  const me = actor.userId;
  const owner = await deps.db.selectFrom('users').select('email').where('id', '=', me).executeTakeFirstOrThrow();
  const existing = await deps.db.selectFrom('circle_members').select('email').where('owner_id', '=', me).execute();
  const taken = new Set(existing.map((r) => r.email));
  const fieldErrors: FieldErrors = {};
  input.readers.forEach((r, i) => {
    if (r.email === owner.email.toLowerCase()) fieldErrors[`readers.${i}.email`] = OWN_ADDRESS;
    else if (taken.has(r.email)) fieldErrors[`readers.${i}.email`] = ALREADY_INVITED(r.email);
  });
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError(first === OWN_ADDRESS ? 'BAD_INPUT' : 'CONFLICT', first, fieldErrors);
  if (existing.length + input.readers.length > LIMITS.circleReadersMax) throw new AppError('CONFLICT', CIRCLE_FULL);

  await spendInvitations(deps, actor, input.readers.length);
  const now = deps.clock.now();
  const made = input.readers.map((r) => ({ ...r, ...newLinkToken(deps.secret, 'circle-invitation') }));
  let rows: (ReaderRow & { token: string })[];
  try {
    rows = await writeTransaction(deps, async (trx) => {
      const count = await trx
        .selectFrom('circle_members')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('owner_id', '=', me)
        .executeTakeFirstOrThrow();
      if (Number(count.n) + made.length > LIMITS.circleReadersMax) throw new AppError('CONFLICT', CIRCLE_FULL);
      const out: (ReaderRow & { token: string })[] = [];
      for (const r of made) {
        const row = await trx
          .insertInto('circle_members')
          .values({
            owner_id: me,
            email: r.email,
            name: r.name,
            invite_token_hash: r.tokenHash,
            invited_at: now,
            joined_user_id: null,
            joined_at: null,
            last_read_at: null,
          })
          .returning(READER_COLUMNS)
          .executeTakeFirstOrThrow();
        await appendEvent(trx, { type: 'reader_invited', payload: { user_id: me, member_id: row.id } }, now);
        out.push({ ...row, token: r.token });
      }
      return out;
    });
  } catch (err) {
    // Two tabs inviting the same address at once: the unique (owner, email) decides.
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'Someone in this list was just invited from another window. Please look at your circle again.');
    throw err;
  }
  const not_sent = await sendInvitations(deps, me, rows, links);
  return { invited: rows.map(readerView), not_sent };
}

/** "Send again": a new link, by email; the old link stops working. Passes already given to devices stay. */
export async function resendInvitation(
  deps: CoreDeps,
  actor: SignedInActor,
  { id }: CircleReaderRef,
  links: SiteLinks,
): Promise<InviteResult> {
  const me = actor.userId;
  const found = await deps.db.selectFrom('circle_members').select('id').where('id', '=', id).where('owner_id', '=', me).executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', READER_NOT_FOUND);
  await spendInvitations(deps, actor, 1);
  const { token, tokenHash } = newLinkToken(deps.secret, 'circle-invitation');
  const now = deps.clock.now();
  const row = await writeTransaction(deps, async (trx) => {
    const updated = await trx
      .updateTable('circle_members')
      .set({ invite_token_hash: tokenHash, invited_at: now })
      .where('id', '=', id)
      .where('owner_id', '=', me)
      .returning(READER_COLUMNS)
      .executeTakeFirst();
    if (!updated) throw new AppError('NOT_FOUND', READER_NOT_FOUND); // removed meanwhile
    await appendEvent(trx, { type: 'reader_invite_resent', payload: { user_id: me, member_id: id } }, now);
    return updated;
  });
  const not_sent = await sendInvitations(deps, me, [{ ...row, token }], links);
  return { invited: [readerView(row)], not_sent };
}

/**
 * One point per email from each budget (the account's hour and day, the client's hour), all or none: a list that does
 * not fit is refused whole (a clear 429), and the points it took are given back, so a refused invitation costs nothing.
 */
async function spendInvitations(deps: CoreDeps, actor: SignedInActor, n: number): Promise<void> {
  const budgets: [RateRuleName, string][] = [
    ['circleInvitePerAccountHour', String(actor.userId)],
    ['circleInvitePerAccountDay', String(actor.userId)],
    ['circleInvitePerClient', actor.clientKey],
  ];
  const taken: [RateRuleName, string][] = [];
  for (const [rule, key] of budgets) {
    for (let i = 0; i < n; i++) {
      const res = await deps.limiter.consume(rule, key);
      if (!res.allowed) {
        // The refused attempt counted too (the limiter counts every try): it is given back with the others.
        for (const [r, k] of [[rule, key] as const, ...taken]) await deps.limiter.refund(r, k);
        throw rateLimited(rule, res.retryAfterSec);
      }
      taken.push([rule, key]);
    }
  }
}

/** Hands each email to the Mailer; the addresses that failed are logged and returned, never thrown. */
async function sendInvitations(
  deps: CoreDeps,
  ownerId: number,
  rows: (ReaderRow & { token: string })[],
  { origin }: SiteLinks,
): Promise<string[]> {
  const inviter = await deps.db
    .selectFrom('users')
    .leftJoin('stories', 'stories.user_id', 'users.id')
    .select(['users.username', 'users.first_name', 'users.last_name', 'users.is_private', 'users.locale', 'stories.title'])
    .where('users.id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const results = await Promise.allSettled(
    rows.map((r) => deps.mailer.send(invitationEmail(r, inviter, inviter.title, invitationLink(origin, r.token)))),
  );
  const failed: string[] = [];
  results.forEach((res, i) => {
    if (res.status === 'rejected') {
      const r = rows[i]!;
      deps.log(`Could not send a circle invitation (reader ${r.id} of account ${ownerId}): ${(res.reason as Error).message}`);
      failed.push(r.email);
    }
  });
  return failed;
}
