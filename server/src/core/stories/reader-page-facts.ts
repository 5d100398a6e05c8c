// What a server-rendered reader page needs beyond the tRPC reads it is made from (docs/decisions/0017-server-rendering.md).
import { sql } from 'kysely';
import { compileOnce } from '../../db/compiled-query';
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

const wordCountQuery = compileOnce((db, username: string) =>
  db
    .selectFrom('users')
    .innerJoin('stories', 'stories.user_id', 'users.id')
    .innerJoin('story_revisions', (join) =>
      join.onRef('story_revisions.user_id', '=', 'users.id').onRef('story_revisions.version', '=', 'stories.version'),
    )
    .select('story_revisions.word_count')
    .where('users.username', '=', username)
    .limit(1),
);

/** The published story's word count (kept with the revision each publish makes), or null when unknown. */
export async function publishedWordCount(deps: CoreDeps, username: string): Promise<number | null> {
  const [row] = await wordCountQuery(deps.db, username);
  return row?.word_count ?? null;
}
