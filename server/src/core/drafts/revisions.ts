import { NO_SUCH_REVISION, type Revision, type RevisionIdInput, type RevisionSummary, type DraftWritten } from '../../contract/drafts';
import { AppError } from '../../contract/errors';
import { writeTransaction } from '../../db/transaction';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';
import { draftHead, storyVersion, writeDraft } from './draft-state';
import { revisionText } from './revision-text';

/** Every kept version of the caller's story (revision-policy.ts), newest first (the text only when one is opened). */
export async function listRevisions(deps: CoreDeps, { userId }: SignedInActor): Promise<RevisionSummary[]> {
  const rows = await deps.db
    .selectFrom('story_revisions')
    .select(['id', 'title', 'word_count', 'published_at', 'restored_from'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, published_at: isoTime(r.published_at) }));
}

/** One of the caller's revisions; anyone else's (or none) is the same 404, so ids reveal nothing. */
export async function getRevision(deps: CoreDeps, { userId }: SignedInActor, { id }: RevisionIdInput): Promise<Revision> {
  const row = await deps.db
    .selectFrom('story_revisions')
    .select(['id', 'title', 'word_count', 'published_at', 'restored_from'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NO_SUCH_REVISION);
  return { ...row, text: await revisionText(deps.db, row.id), published_at: isoTime(row.published_at) };
}

/**
 * Makes a revision's title and text the caller's draft, based on the story as it stands now: nothing is
 * published (and nothing lost: the story and every revision stay) until the person publishes. Another tab's
 * next autosave then gets a 409, since the draft counter moved on.
 */
export async function restoreRevision(deps: CoreDeps, { userId }: SignedInActor, { id }: RevisionIdInput): Promise<DraftWritten> {
  const now = deps.clock.now();
  const draftVersion = await writeTransaction(deps, async (trx) => {
    const revision = await trx
      .selectFrom('story_revisions')
      .select('title')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!revision) throw new AppError('NOT_FOUND', NO_SUCH_REVISION);
    const { draftVersion: current } = await draftHead(trx, userId);
    await writeDraft(trx, userId, current + 1, {
      title: revision.title,
      unsafe_html: await revisionText(trx, id),
      base_version: await storyVersion(trx, userId),
      restored_from: id,
      saved_at: now,
    });
    await appendEvent(trx, { type: 'story_revision_restored', payload: { user_id: userId, revision_id: id } }, now);
    return current + 1;
  });
  return { draft_version: draftVersion, saved_at: isoTime(now) };
}
