// Following a story (docs/decisions/0027-followers-and-digests.md). Only someone who can read the story now may
// follow it, and a refusal is "Story not found." as for a story that does not exist. A signed-in reader follows at
// once; an address first gets a confirm link (double opt-in) and nothing else until it is opened. Every change is an
// event, folded into proj_followers in the same transaction; an address is erased from the log when it unfollows.
import type { Locale } from '../../contract/locale';
import { AppError } from '../../contract/errors';
import {
  FOLLOW_CONFIRM_DAYS,
  FOLLOW_CONFIRM_SENT,
  FOLLOW_LINK_EXPIRED,
  FOLLOW_LINK_INVALID,
  FOLLOW_OWN_STORY,
  type FollowByEmailInput,
  type FollowInput,
  type FollowLinkResult,
  type FollowStatus,
  type FollowTokenInput,
} from '../../contract/follows';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { canReadStory, type Reader, readerOf } from '../access/story-access';
import { mailAfterAnswer } from '../accounts/link-tokens';
import type { SiteLinks } from '../accounts/password-reset';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { STORY_NOT_FOUND } from '../shared/find-user';
import { limitRate } from '../shared/rate-limit';
import { followConfirmEmail } from './follow-emails';
import { followIdOf, followToken, newFollowId } from './follow-tokens';
import { followerCanRead, keepFollowPasses } from './follower-access';
import { catchUpFollowersIn } from './fold-followers';

const CONFIRM_MS = FOLLOW_CONFIRM_DAYS * 24 * 60 * 60 * 1000;

type Db = CoreDeps['db'] | Transaction<Database>;

/** The story's author id when this reader may read it now; else NOT_FOUND, exactly as for no such story. */
async function readableStory(db: Db, reader: Reader, username: string): Promise<{ id: number; title: string }> {
  const story = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['stories.user_id', 'stories.title'])
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!story || !(await canReadStory(db, reader, story.user_id))) throw new AppError('NOT_FOUND', STORY_NOT_FOUND);
  return { id: story.user_id, title: story.title };
}

/** The newest revision of the story: what a new follower has already seen. */
async function newestRevision(trx: Transaction<Database>, storyId: number): Promise<number> {
  const row = await trx
    .selectFrom('story_revisions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', storyId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function startDigest(trx: Transaction<Database>, followId: string, storyId: number, userId: number | null) {
  await trx
    .insertInto('follow_digests')
    .values({
      follow_id: followId,
      story_user_id: storyId,
      user_id: userId,
      seen_revision_id: await newestRevision(trx, storyId),
      sent_day: null,
    })
    .onConflict((oc) => oc.column('follow_id').doNothing())
    .execute();
}

export async function followStory(deps: CoreDeps, actor: SignedInActor, input: FollowInput): Promise<FollowStatus> {
  const reader = readerOf(actor);
  const story = await readableStory(deps.db, reader, input.story_username);
  if (story.id === actor.userId) throw new AppError('BAD_INPUT', FOLLOW_OWN_STORY);
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    await catchUpFollowersIn(trx, now);
    const existing = await trx
      .selectFrom('proj_followers')
      .select('follow_id')
      .where('story_user_id', '=', story.id)
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    if (existing) {
      await keepFollowPasses(trx, existing.follow_id, reader, story.id);
      return;
    }
    const followId = newFollowId();
    await appendEvent(
      trx,
      { type: 'story_followed', payload: { user_id: actor.userId, story_user_id: story.id, follow_id: followId, email: null } },
      now,
    );
    await catchUpFollowersIn(trx, now);
    await startDigest(trx, followId, story.id, actor.userId);
    await keepFollowPasses(trx, followId, reader, story.id);
  });
  return { following: true };
}

export async function unfollowStory(deps: CoreDeps, actor: SignedInActor, input: FollowInput): Promise<FollowStatus> {
  const owner = await deps.db.selectFrom('users').select('id').where('username', '=', input.story_username).executeTakeFirst();
  // Unknown or unreadable, the answer is the same: nothing says whether a hidden story exists.
  if (!owner) return { following: false };
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    await catchUpFollowersIn(trx, now);
    const row = await trx
      .selectFrom('proj_followers')
      .select('follow_id')
      .where('story_user_id', '=', owner.id)
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    if (row) await endFollow(trx, { follow_id: row.follow_id, story_user_id: owner.id, user_id: actor.userId, email: null }, now);
  });
  return { following: false };
}

export async function followStatus(deps: CoreDeps, actor: SignedInActor, input: FollowInput): Promise<FollowStatus> {
  const story = await readableStory(deps.db, readerOf(actor), input.story_username);
  const row = await deps.db
    .selectFrom('proj_followers')
    .select('follow_id')
    .where('story_user_id', '=', story.id)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  return { following: !!row };
}

/**
 * An address asks to follow: the same answer whatever happens (a confirm link is mailed after the answer, or nothing
 * when the address already follows), so the answer never says who follows what.
 */
export async function followByEmail(
  deps: CoreDeps,
  actor: Actor,
  input: FollowByEmailInput,
  links: SiteLinks,
): Promise<{ message: string }> {
  const email = input.email.toLowerCase();
  await limitRate(deps, [
    ['followEmailPerClient', actor.clientKey],
    ['followEmailPerAddress', email],
  ]);
  const reader = readerOf(actor);
  const story = await readableStory(deps.db, reader, input.story_username);
  const now = deps.clock.now();
  const toConfirm = await writeTransaction(deps, async (trx) => {
    await catchUpFollowersIn(trx, now);
    const existing = await trx
      .selectFrom('proj_followers')
      .select(['follow_id', 'confirmed', 'followed_at'])
      .where('story_user_id', '=', story.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing?.confirmed === 1) {
      await keepFollowPasses(trx, existing.follow_id, reader, story.id);
      return null;
    }
    // An unconfirmed follow still in its time gets its link again; an expired one is replaced.
    if (existing && existing.followed_at + CONFIRM_MS > now) {
      await keepFollowPasses(trx, existing.follow_id, reader, story.id);
      return existing.follow_id;
    }
    if (existing) await endFollow(trx, { follow_id: existing.follow_id, story_user_id: story.id, user_id: null, email }, now);
    const followId = newFollowId();
    await appendEvent(
      trx,
      { type: 'story_followed', payload: { user_id: null, story_user_id: story.id, follow_id: followId, email } },
      now,
    );
    await catchUpFollowersIn(trx, now);
    await keepFollowPasses(trx, followId, reader, story.id);
    return followId;
  });
  if (toConfirm) {
    const author = await authorOf(deps.db, story.id);
    mailAfterAnswer(deps, 'Could not send a follow confirmation email', () =>
      deps.mailer.send(
        followConfirmEmail(email, {
          title: story.title,
          author,
          confirmUrl: `${links.origin}/follow/confirm/${followToken(deps.secret, 'follow-confirm', toConfirm)}`,
          days: FOLLOW_CONFIRM_DAYS,
          // An address has no language of its own: the author's (docs/decisions/0042-interface-languages.md).
          locale: author.locale ?? undefined,
        }),
      ),
    );
  }
  return { message: FOLLOW_CONFIRM_SENT };
}

/** The confirm link, opened (its page's button: a mail scanner's GET does nothing). */
export async function confirmFollow(deps: CoreDeps, input: FollowTokenInput): Promise<FollowLinkResult> {
  const followId = followIdOf(deps.secret, 'follow-confirm', input.token);
  if (!followId) throw new AppError('BAD_INPUT', FOLLOW_LINK_INVALID);
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    await catchUpFollowersIn(trx, now);
    const row = await followRow(trx, followId);
    if (!row) throw new AppError('BAD_INPUT', FOLLOW_LINK_INVALID);
    if (row.confirmed === 0) {
      if (row.followed_at + CONFIRM_MS <= now) throw new AppError('BAD_INPUT', FOLLOW_LINK_EXPIRED);
      await appendEvent(
        trx,
        { type: 'story_follow_confirmed', payload: { user_id: null, story_user_id: row.story_user_id, follow_id: followId } },
        now,
      );
      await catchUpFollowersIn(trx, now);
      await startDigest(trx, followId, row.story_user_id, null);
    }
    const named = await namedIfReadable(trx, row);
    return {
      ...named,
      message: `You follow ${named.title ? `“${named.title}”` : 'this story'}. You will get at most one email a day when new parts are published.`,
    };
  });
}

/** A link's page names the story only while its follower may still read it (ADR 0026: nothing hints at a hidden story). */
async function namedIfReadable(
  trx: Transaction<Database>,
  row: { follow_id: string; story_user_id: number; user_id: number | null; email: string | null; username: string; title: string },
): Promise<{ story_username: string; title: string }> {
  return (await followerCanRead(trx, row, row.story_user_id))
    ? { story_username: row.username, title: row.title }
    : { story_username: '', title: '' };
}

/** The unsubscribe link (its page's button, or a mail program's one-click POST): no sign-in needed. */
export async function unsubscribe(deps: CoreDeps, input: FollowTokenInput): Promise<FollowLinkResult | null> {
  const followId = followIdOf(deps.secret, 'follow-unsubscribe', input.token);
  if (!followId) throw new AppError('BAD_INPUT', FOLLOW_LINK_INVALID);
  const now = deps.clock.now();
  return writeTransaction(deps, async (trx) => {
    await catchUpFollowersIn(trx, now);
    const row = await followRow(trx, followId);
    // Already gone (unsubscribed twice, or the story's author deleted their account): nothing to do.
    if (!row) return null;
    const named = await namedIfReadable(trx, row);
    await endFollow(trx, row, now);
    return { ...named, message: `You will get no more emails about ${named.title ? `“${named.title}”` : 'this story'}.` };
  });
}

async function followRow(trx: Transaction<Database>, followId: string) {
  return trx
    .selectFrom('proj_followers as f')
    .innerJoin('users as u', 'u.id', 'f.story_user_id')
    .leftJoin('stories as s', 's.user_id', 'f.story_user_id')
    .select(['f.follow_id', 'f.story_user_id', 'f.user_id', 'f.email', 'f.confirmed', 'f.followed_at', 'u.username', 's.title'])
    .where('f.follow_id', '=', followId)
    .executeTakeFirst()
    .then((r) => r && { ...r, title: r.title ?? r.username });
}

/**
 * Ends a follow: the event, the projection, what the follower was told; and the address, erased from the event
 * that recorded it (as account deletion scrubs a person's events), so a rebuild cannot bring it back.
 */
async function endFollow(
  trx: Transaction<Database>,
  f: { follow_id: string; story_user_id: number; user_id: number | null; email: string | null },
  now: number,
): Promise<void> {
  await appendEvent(
    trx,
    { type: 'story_unfollowed', payload: { user_id: f.user_id, story_user_id: f.story_user_id, follow_id: f.follow_id } },
    now,
  );
  await catchUpFollowersIn(trx, now);
  await trx.deleteFrom('follow_digests').where('follow_id', '=', f.follow_id).execute();
  await trx.deleteFrom('follow_passes').where('follow_id', '=', f.follow_id).execute();
  if (f.user_id !== null) return;
  const followed = await trx
    .selectFrom('events')
    .select(['seq', 'payload'])
    .where('type', '=', 'story_followed')
    .where('subject_id', '=', f.story_user_id)
    .where('actor_id', 'is', null)
    .execute();
  for (const e of followed) {
    const payload = JSON.parse(e.payload) as { follow_id: string; email: string | null };
    if (payload.follow_id !== f.follow_id || payload.email === null) continue;
    await trx
      .updateTable('events')
      .set({ payload: JSON.stringify({ ...payload, email: null }) })
      .where('seq', '=', e.seq)
      .execute();
  }
}

/** How emails name an author: a private account by its username (the spec's rule), else the first name. */
export async function authorOf(db: Db, userId: number): Promise<{ username: string; name: string; locale: Locale | null }> {
  const u = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'is_private', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { username: u.username, name: u.is_private === 0 && u.first_name ? u.first_name : u.username, locale: u.locale };
}

/** The author's followers, for their Readers screen. */
export async function listFollowers(deps: CoreDeps, actor: SignedInActor) {
  const rows = await deps.db
    .selectFrom('proj_followers as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.user_id', 'f.email', 'f.confirmed', 'f.followed_at', 'u.username'])
    .where('f.story_user_id', '=', actor.userId)
    .orderBy('f.followed_at', 'desc')
    .execute();
  return rows.map((r) => ({
    kind: r.user_id === null ? ('email' as const) : ('account' as const),
    who: r.user_id === null ? (r.email ?? '') : (r.username ?? ''),
    confirmed: r.confirmed === 1,
    since: isoTime(r.followed_at),
  }));
}

/**
 * Addresses that never confirmed, once their link has expired: unfollowed and erased from the log (run with the
 * hourly housekeeping), so an address someone typed for another person does not stay.
 */
export async function purgeUnconfirmedFollows(deps: CoreDeps): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.db
    .selectFrom('proj_followers')
    .select(['follow_id', 'story_user_id', 'email'])
    .where('confirmed', '=', 0)
    .where('followed_at', '<=', now - CONFIRM_MS)
    .limit(500)
    .execute();
  for (const f of stale) {
    await writeTransaction(deps, async (trx) => {
      await catchUpFollowersIn(trx, now);
      const still = await trx.selectFrom('proj_followers').select('confirmed').where('follow_id', '=', f.follow_id).executeTakeFirst();
      if (still?.confirmed === 0) await endFollow(trx, { ...f, user_id: null }, now);
    });
  }
  return stale.length;
}
