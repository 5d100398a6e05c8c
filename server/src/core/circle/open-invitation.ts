/**
 * Opening an invitation link, `GET /r/<token>` (docs/decisions/0026-who-can-read-a-story.md): the device gets a new
 * member's reader pass (the transport keeps it in the `reader_pass` cookie), and a signed-in person other than the
 * writer is joined to the invitation, so that their account reads, likes and comments on any device. The link works
 * until it is sent again or the reader is removed; each opening makes a pass, and a reader keeps at most
 * PASSES_PER_READER of them (the oldest go), so a forwarded link cannot grow the table without end.
 * Invited readers need no account, so no age applies to them (the minimum age is the accounts' rule).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { hashPassToken, isPassTokenShape, MAX_PASS_TOKENS, newPassToken } from '../access/pass-tokens';
import { linkTokenHash } from '../accounts/link-tokens';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps } from '../shared/core-deps';

/** Devices one reader may hold a pass on at once. */
export const PASSES_PER_READER = 10;

export type OpenedInvitation =
  /**
   * passToken: the new pass for this device. story: `readable` (the member may read it now), `unpublished` (no story
   * yet), `unavailable` (the writer keeps it to themselves for now, or moderators withhold it).
   */
  { ok: true; passToken: string; username: string; story: 'readable' | 'unpublished' | 'unavailable' } | { ok: false };

const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function openInvitation(deps: CoreDeps, actor: Actor, token: string): Promise<OpenedInvitation> {
  if (!INVITATION_TOKEN.test(token)) return { ok: false };
  const tokenHash = linkTokenHash(deps.secret, 'circle-invitation', token);
  const passToken = newPassToken();
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    const member = await trx
      .selectFrom('circle_members')
      .innerJoin('users', 'users.id', 'circle_members.owner_id')
      .leftJoin('stories', 'stories.user_id', 'circle_members.owner_id')
      .select([
        'circle_members.id',
        'circle_members.owner_id',
        'circle_members.joined_user_id',
        'users.username',
        'users.suspended_at',
        'stories.user_id as story',
        'stories.audience',
        'stories.hidden_at',
      ])
      .where('circle_members.invite_token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!member) return { ok: false } as const;
    await trx
      .insertInto('reader_passes')
      .values({
        token_hash: hashPassToken(passToken),
        owner_id: member.owner_id,
        member_id: member.id,
        share_key_id: null,
        created_at: now,
      })
      .execute();
    await keepNewestPasses(trx, member.id);
    if (actor.userId !== null && member.joined_user_id === null) await join(trx, member, actor.userId, now);
    const story =
      member.story === null
        ? 'unpublished'
        : member.audience === 'only_me' || member.hidden_at !== null || member.suspended_at !== null
          ? 'unavailable'
          : 'readable';
    return { ok: true, passToken, username: member.username, story } as const;
  });
}

/** Deletes a reader's oldest passes beyond PASSES_PER_READER. */
async function keepNewestPasses(trx: Transaction<Database>, memberId: number): Promise<void> {
  const keep = trx
    .selectFrom('reader_passes')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(PASSES_PER_READER);
  await trx.deleteFrom('reader_passes').where('member_id', '=', memberId).where('id', 'not in', keep).execute();
}

/** Joins an invitation to an account (not the writer's own), once: the first account keeps it. */
async function join(trx: Transaction<Database>, member: { id: number; owner_id: number }, userId: number, now: number): Promise<void> {
  if (userId === member.owner_id) return;
  const joined = await trx
    .updateTable('circle_members')
    .set({ joined_user_id: userId, joined_at: now })
    .where('id', '=', member.id)
    .where('joined_user_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (joined) {
    await appendEvent(
      trx,
      { type: 'reader_joined', payload: { user_id: userId, story_user_id: member.owner_id, member_id: member.id } },
      now,
    );
  }
}

/**
 * On sign-in on a device that holds member passes: each invitation they came from that no account has joined yet
 * is joined to this account. Costs nothing when the device holds no pass.
 */
export async function joinHeldInvitations(deps: CoreDeps, userId: number, passTokens: readonly string[]): Promise<void> {
  const hashes = passTokens.filter(isPassTokenShape).slice(0, MAX_PASS_TOKENS).map(hashPassToken);
  if (hashes.length === 0) return;
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const members = await trx
      .selectFrom('reader_passes')
      .innerJoin('circle_members', 'circle_members.id', 'reader_passes.member_id')
      .select(['circle_members.id', 'circle_members.owner_id'])
      .where('reader_passes.token_hash', 'in', hashes)
      .where('circle_members.joined_user_id', 'is', null)
      .where('circle_members.owner_id', '!=', userId)
      .execute();
    for (const m of members) await join(trx, m, userId, now);
  });
}
