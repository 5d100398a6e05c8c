import { writeTransaction } from '../../db/transaction';
import type { CoreDeps } from '../shared/core-deps';
import { photoMapFor } from './story-photos';

/**
 * Gives the stories published before chapters existed (migration 019 left them `chapters = '[]'`, their pages without
 * heading ids) their contents, so readers of an older story see its chapters without waiting for its writer to
 * publish again (docs/decisions/0029-chapters.md). Run once at start, before serving (the server's rendered pages are
 * kept until the next event, so none may be rendered from the old pages first).
 *
 * Only a story whose text holds an `<h2` is looked at; its published text is formatted again exactly as a publish
 * would (same formatter, same photos) and its pages and contents replaced in one transaction, only if the story is
 * still the version that was read. Nothing else changes: no version, no revision, no event (the words, the title and
 * the search text are the same). A story whose `<h2>`s are not chapters (in a quote, or empty) stays `'[]'` and is
 * formatted again at the next start: rare, and one format each.
 */
export async function addChaptersToOlderStories(deps: CoreDeps): Promise<number> {
  const older = await deps.db
    .selectFrom('stories')
    .select(['user_id', 'version', 'body_html'])
    .where('chapters', '=', '[]')
    .where('body_html', 'like', '%<h2%')
    .execute();
  let added = 0;
  for (const story of older) {
    const { pages, chapters } = await deps.formatter.format(story.body_html, await photoMapFor(deps.db, story.body_html));
    if (chapters.length === 0) continue;
    const done = await writeTransaction(deps, async (trx) => {
      const updated = await trx
        .updateTable('stories')
        .set({ chapters: JSON.stringify(chapters), page_count: pages.length })
        .where('user_id', '=', story.user_id)
        .where('version', '=', story.version)
        .where('chapters', '=', '[]')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false; // published meanwhile: that publish made its chapters
      await trx.deleteFrom('pages').where('user_id', '=', story.user_id).execute();
      for (let i = 0; i < pages.length; i += 200) {
        await trx
          .insertInto('pages')
          .values(pages.slice(i, i + 200).map((html, j) => ({ user_id: story.user_id, page_number: i + j + 1, html })))
          .execute();
      }
      return true;
    });
    if (done) added += 1;
  }
  return added;
}
