// The followers' digest (docs/decisions/0027-followers-and-digests.md): after an author publishes, each follower of
// the story gets at most one email a day saying what is new since the last one they got (or since they followed).
// Run every ten minutes (digest-schedule.ts), one instance at a time as the weekly email is (ADR 0019, 0021). The day's mark is
// taken before sending (follow_digests.sent_day), so a run that is repeated, or a second instance, sends nothing twice;
// a failed send gives the mark back. Access is checked here, at send time: a follower who can no longer read the
// story gets nothing.
import type { Locale } from '../../contract/locale';
import type { SiteLinks } from '../accounts/password-reset';
import { revisionText } from '../drafts/revision-text';
import type { CoreDeps } from '../shared/core-deps';
import { followDigestEmail } from './follow-emails';
import { authorOf } from './follow-story';
import { followerCanRead } from './follower-access';
import { followToken } from './follow-tokens';
import { catchUpFollowers } from './fold-followers';
import { type StoryChanges, storyChanges } from './story-changes';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day of an instant: the unit of "at most one email a day". */
export const dayOf = (at: number) => Math.floor(at / DAY_MS);

interface Due {
  follow_id: string;
  story_user_id: number;
  user_id: number | null;
  seen_revision_id: number;
  sent_day: number | null;
  /** The follower account's language (null for an address, which reads in the author's). */
  locale: Locale | null;
  /** An address follower's address (null for an account). */
  email: string | null;
  to: string;
}

/** Sends the digests that are due; returns how many went out. One failing address does not stop the rest. */
export async function sendFollowDigests(deps: CoreDeps, links: SiteLinks): Promise<number> {
  const now = deps.clock.now();
  const today = dayOf(now);
  await catchUpFollowers(deps.db, now);
  const rows = await deps.db
    .selectFrom('follow_digests as d')
    .innerJoin('proj_followers as f', 'f.follow_id', 'd.follow_id')
    .innerJoin('stories as s', 's.user_id', 'd.story_user_id')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'd.follow_id',
      'd.story_user_id',
      'd.user_id',
      'd.seen_revision_id',
      'd.sent_day',
      'f.email',
      'u.email as account_email',
      'u.locale',
    ])
    .where('f.confirmed', '=', 1)
    .where((eb) => eb.or([eb('d.sent_day', 'is', null), eb('d.sent_day', '<', today)]))
    .where(({ eb, selectFrom }) =>
      eb(
        'd.seen_revision_id',
        '<',
        selectFrom('story_revisions as r')
          .select((e) => e.fn.max('r.id').as('id'))
          .whereRef('r.user_id', '=', 'd.story_user_id'),
      ),
    )
    .orderBy('d.story_user_id')
    .execute();
  const byStory = new Map<number, Due[]>();
  for (const r of rows) {
    const to = r.account_email ?? r.email;
    if (!to) continue;
    const due: Due = { ...r, seen_revision_id: Number(r.seen_revision_id), sent_day: r.sent_day === null ? null : Number(r.sent_day), to };
    byStory.set(r.story_user_id, [...(byStory.get(r.story_user_id) ?? []), due]);
  }
  let sent = 0;
  for (const [storyId, followers] of byStory) {
    try {
      sent += await sendForStory(deps, links, storyId, followers, today);
    } catch (err) {
      deps.log(`Could not send the followers' emails of story ${storyId}: ${(err as Error).message}`);
    }
  }
  return sent;
}

async function sendForStory(deps: CoreDeps, links: SiteLinks, storyId: number, followers: Due[], today: number): Promise<number> {
  const story = await deps.db.selectFrom('stories').select(['title', 'body_html']).where('user_id', '=', storyId).executeTakeFirst();
  if (!story) return 0;
  const latest = await deps.db
    .selectFrom('story_revisions')
    .select('id')
    .where('user_id', '=', storyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const pages = (await deps.db.selectFrom('pages').select('html').where('user_id', '=', storyId).orderBy('page_number').execute()).map(
    (p) => p.html,
  );
  const author = await authorOf(deps.db, storyId);
  // Followers who last heard of the same revision get the same news: worked out once.
  const changesSince = new Map<number, Promise<StoryChanges | null>>();
  const changesFor = (seen: number) => {
    let c = changesSince.get(seen);
    if (!c) {
      c = baseline(deps, storyId, seen).then((before) => storyChanges(before, story.body_html, pages));
      changesSince.set(seen, c);
    }
    return c;
  };
  let sent = 0;
  for (const f of followers) {
    try {
      // Access at send time (follower-access.ts): someone who can no longer read the story hears nothing of it.
      if (!(await followerCanRead(deps.db, f, storyId))) continue;
      const changes = await changesFor(f.seen_revision_id);
      if (!changes) {
        // Republished without new text: nothing to tell, and this revision is now what they have seen.
        await deps.db.updateTable('follow_digests').set({ seen_revision_id: latest.id }).where('follow_id', '=', f.follow_id).execute();
        continue;
      }
      // The day's mark first: whoever takes it sends, nobody else.
      const claimed = await deps.db
        .updateTable('follow_digests')
        .set({ sent_day: today })
        .where('follow_id', '=', f.follow_id)
        .where((eb) => eb.or([eb('sent_day', 'is', null), eb('sent_day', '<', today)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      try {
        await deps.mailer.send(
          followDigestEmail(f.to, {
            title: story.title,
            author: author.name,
            changes,
            readUrl: `${links.origin}/story/${encodeURIComponent(author.username)}/page/${changes.page}`,
            unsubscribeUrl: `${links.origin}/unsubscribe/${followToken(deps.secret, 'follow-unsubscribe', f.follow_id)}`,
            locale: f.locale ?? author.locale ?? undefined,
          }),
        );
      } catch (err) {
        await deps.db.updateTable('follow_digests').set({ sent_day: f.sent_day }).where('follow_id', '=', f.follow_id).execute();
        throw err;
      }
      await deps.db.updateTable('follow_digests').set({ seen_revision_id: latest.id }).where('follow_id', '=', f.follow_id).execute();
      sent += 1;
    } catch (err) {
      deps.log(`Could not send a follower's email (story ${storyId}): ${(err as Error).message}`);
    }
  }
  return sent;
}

/**
 * The text the follower last heard of: that revision, or the newest kept before it (older revisions are thinned,
 * ADR 0012); none (they followed before the first publish) is an empty story.
 */
async function baseline(deps: CoreDeps, storyId: number, seen: number): Promise<string> {
  if (seen <= 0) return '';
  const kept = await deps.db
    .selectFrom('story_revisions')
    .select('id')
    .where('user_id', '=', storyId)
    .where('id', '<=', seen)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return kept ? revisionText(deps.db, kept.id) : '';
}
