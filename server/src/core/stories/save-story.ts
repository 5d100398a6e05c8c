import type { SaveStoryInput } from '../../contract/schemas';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { writeTransaction } from '../../db/transaction';

/**
 * Creates or replaces the caller's story: sanitized on write and split into pages (off the event loop, by
 * `deps.formatter`: see format-story.ts), and stored with all its pages in one transaction (stale pages of
 * a longer earlier version are removed). Replies after commit.
 */
export async function saveStory(deps: CoreDeps, { userId }: SignedInActor, input: SaveStoryInput): Promise<{ page_count: number }> {
  const { body, pages } = await deps.formatter.format(input.text);
  const now = deps.clock.now();
  await writeTransaction(deps, async (trx) => {
    const existing = await trx.selectFrom('stories').select('created_at').where('user_id', '=', userId).executeTakeFirst();
    const createdAt = existing?.created_at ?? now;
    if (existing) {
      await trx
        .updateTable('stories')
        .set({ title: input.title, body_html: body, page_count: pages.length, updated_at: now })
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
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (let i = 0; i < pages.length; i += 200) {
      await trx
        .insertInto('pages')
        .values(pages.slice(i, i + 200).map((html, j) => ({ user_id: userId, page_number: i + j + 1, html })))
        .execute();
    }
    await appendEvent(
      trx,
      { type: 'story_saved', payload: { user_id: userId, title: input.title, created_at: createdAt, page_count: pages.length } },
      now,
    );
  });
  return { page_count: pages.length };
}
