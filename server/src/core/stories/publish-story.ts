import { STORY_CONFLICT, type PublishStoryInput, type Published } from '../../contract/stories';
import { AppError } from '../../contract/errors';
import { writeTransaction } from '../../db/transaction';
import { draftHead, writeDraft } from '../drafts/draft-state';
import { thinRevisions } from '../drafts/revision-policy';
import { revisionPieces, storeRevisionText } from '../drafts/revision-text';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { photoMapFor, refuseTooManyPhotos } from './story-photos';
import { lastAudience } from '../access/chosen-audience';
import { configuredLinks, type SiteLinks } from '../accounts/password-reset';
import { emailAskers, markAnsweredInPublish } from '../questions/family-asks';

/**
 * Publishes the caller's story: sanitized on write and split into pages (off the event loop, by
 * `deps.formatter`: see format-story.ts), and stored with all its pages in one transaction (stale pages of
 * a longer earlier version are removed), with a revision of what was published (its text in pieces shared with
 * the author's other revisions, older revisions thinned: core/drafts/revision-policy.ts); the draft is cleared.
 * Replies after commit. `base_version` / `draft_version` (tRPC only; /api sends neither) refuse a publish based
 * on an older story or draft with 409 (docs/decisions/0012-drafts-revisions-and-versions.md). `links`: the origin of
 * the links in the emails to readers whose question was answered.
 */
export async function publishStory(
  deps: CoreDeps,
  { userId }: SignedInActor,
  input: PublishStoryInput,
  links: SiteLinks = configuredLinks(deps),
): Promise<Published> {
  // Before the formatting: each publish costs a full format of the story and keeps a revision (ADR 0009).
  await limitRate(deps, [['storyPublishPerAccount', String(userId)]]);
  const { body, pages, word_count, chapters } = await deps.formatter.format(input.text, await photoMapFor(deps.db, input.text));
  refuseTooManyPhotos(body);
  const pieces = revisionPieces(body); // hashing, before the transaction holds the connection
  const chapterList = JSON.stringify(chapters); // the reader's contents (core/stories/chapters.ts)
  const now = deps.clock.now();
  const result = await writeTransaction(deps, async (trx) => {
    const existing = await trx
      .selectFrom('stories')
      .select(['created_at', 'version', 'audience'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const { draftVersion, restoredFrom } = await draftHead(trx, userId);
    if (input.base_version !== undefined && input.base_version !== (existing?.version ?? 0)) throw new AppError('CONFLICT', STORY_CONFLICT);
    if (input.draft_version !== undefined && input.draft_version !== draftVersion) throw new AppError('CONFLICT', STORY_CONFLICT);
    // Revisions outlive a deleted story (ADR 0012), so the next version follows the newest of them too:
    // a version number is never handed out twice and a tab holding an old one always gets its 409.
    const newest = await trx
      .selectFrom('story_revisions')
      .select('version')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const version = Math.max(existing?.version ?? 0, newest?.version ?? 0) + 1;
    const createdAt = existing?.created_at ?? now;
    // The audience: the one asked for (tRPC), else the story's own, else everyone. An existing story's change is
    // recorded before its story_saved, a new one's rides on it: the projector never lists it, even for a batch.
    // A story deleted and published anew keeps the audience it last had (its row went with it; its event did not).
    const audience = input.audience ?? existing?.audience ?? (await lastAudience(trx, userId)) ?? 'everyone';
    if (existing && audience !== existing.audience) {
      await trx.updateTable('stories').set({ audience }).where('user_id', '=', userId).execute();
      await appendEvent(trx, { type: 'story_audience_changed', payload: { user_id: userId, audience } }, now);
    }
    if (existing) {
      await trx
        .updateTable('stories')
        .set({ title: input.title, body_html: body, page_count: pages.length, chapters: chapterList, updated_at: now, version })
        .where('user_id', '=', userId)
        .execute();
      await trx.deleteFrom('pages').where('user_id', '=', userId).execute();
    } else {
      await trx
        .insertInto('stories')
        .values({
          user_id: userId,
          title: input.title,
          body_html: body,
          banner: null,
          page_count: pages.length,
          chapters: chapterList,
          created_at: now,
          updated_at: now,
          version,
          audience,
        })
        .execute();
    }
    for (let i = 0; i < pages.length; i += 200) {
      await trx
        .insertInto('pages')
        .values(pages.slice(i, i + 200).map((html, j) => ({ user_id: userId, page_number: i + j + 1, html })))
        .execute();
    }
    const revision = await trx
      .insertInto('story_revisions')
      .values({
        user_id: userId,
        version,
        title: input.title,
        word_count,
        published_at: now,
        restored_from: restoredFrom,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeRevisionText(trx, userId, revision.id, pieces);
    await thinRevisions(trx, userId, now);
    await writeDraft(trx, userId, draftVersion + 1, null);
    await appendEvent(
      trx,
      {
        type: 'story_saved',
        payload: {
          user_id: userId,
          title: input.title,
          created_at: createdAt,
          page_count: pages.length,
          revision_id: revision.id,
          ...(!existing && audience !== 'everyone' ? { audience } : {}),
        },
      },
      now,
    );
    if (!existing && audience !== 'everyone') {
      await appendEvent(trx, { type: 'story_audience_changed', payload: { user_id: userId, audience } }, now);
    }
    // Readers whose question this publish answers are told (docs/decisions/0032-the-family-asks.md).
    const told = await markAnsweredInPublish(trx, userId, body, now);
    return { version, draft_version: draftVersion + 1, told };
  });
  await emailAskers(deps, userId, result.told, chapters, links);
  return { page_count: pages.length, version: result.version, draft_version: result.draft_version };
}
