// What a server-rendered reader page needs beyond the tRPC reads it is made from (docs/decisions/0017-server-rendering.md).
import { sql } from 'kysely';
import { compileOnce, type Executor } from '../../db/compiled-query';
import type { CoreDeps } from '../shared/core-deps';

const versionQuery = compileOnce((db) =>
  db
    .selectNoFrom([
      sql<number | null>`(SELECT max(seq) FROM events)`.as('last_event'),
      sql<number | null>`(SELECT seq FROM projector_checkpoints WHERE name = 'search')`.as('projected'),
    ])
    .$castTo<{ last_event: number | null; projected: number | null }>(),
);

/**
 * Changes whenever something a reader can see may have changed: every such write appends an event, and the top
 * lists and search move when the projector folds it (docs/architecture.md §2). A rendered page kept under an
 * older value is out of date. Costs two index lookups.
 */
export async function readerDataVersion(deps: CoreDeps): Promise<string> {
  const [row] = await versionQuery(deps.db);
  return `${row?.last_event ?? 0}:${row?.projected ?? 0}`;
}

/** Exported for its query-plan test (reader-page-facts.test.ts). */
export const wordCountSelect = (db: Executor, username: string, version: number) =>
  db
    .selectFrom('users')
    .innerJoin('story_revisions', 'story_revisions.user_id', 'users.id')
    .select('story_revisions.word_count')
    .where('users.username', '=', username)
    .where('story_revisions.version', '=', version)
    .limit(1);
const wordCountQuery = compileOnce(wordCountSelect);

/**
 * The word count of the story's revision `version` (kept with each publish), or null when unknown. The version is
 * the one the page was rendered from (stories.get answers it), so this reads one index (migration 011), never the
 * story's row or the revision's, both of which keep it behind the story's whole HTML.
 */
export async function publishedWordCount(deps: CoreDeps, username: string, version: number): Promise<number | null> {
  const [row] = await wordCountQuery(deps.db, username, version);
  return row?.word_count ?? null;
}
