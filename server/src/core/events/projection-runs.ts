// One projector run: a catch-up batch, or a rebuild from the whole log.
//
// Crash safety without distributed transactions:
//   1. one SQLite transaction applies a batch to proj_* (every step is idempotent) and computes the
//      affected documents;
//   2. the documents are pushed to the index (idempotent upserts/deletes of absolute values);
//   3. only then do the checkpoint and the window cutoffs move.
// A failure anywhere before 3 replays the same batch next time, giving the same result, so running
// it twice changes nothing. Reads never wait for it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../ports/clock';
import { SEARCH_DOCUMENT_FORMAT, type SearchIndex } from '../../ports/search-index';
import { parseStoredEvent, type StoredEvent } from './event-types';
import { foldEvents, nothingTouched } from './fold-events';
import { agedStories, type Cutoffs, cutoffsAt, storeCutoffs, storedCutoffs } from './like-windows';
import { documentChanges, storyDocs, userDocs } from './search-documents';

export interface ProjectorDeps {
  db: Kysely<Database>;
  search: SearchIndex;
  clock: Clock;
  log: (message: string) => void;
  /**
   * With several instances on one database (PostgreSQL) or processes on one SQLite file, runs `fn` only while no
   * other's projector runs: waiting for its turn when `wait`, else returning false at once (db/instance-lock.ts,
   * db/file-lock.ts; ADR 0021, 0037). Absent: this process is the only one.
   */
  runAlone?: (fn: () => Promise<void>, wait: boolean) => Promise<boolean>;
  /** Whether a run failed because the database did (away, disk full) rather than the index: retried sooner. */
  isDatabaseFailure?: (err: unknown) => boolean;
}

const CHECKPOINT = 'search';
/** projector_checkpoints' row whose seq is the SEARCH_DOCUMENT_FORMAT the index was last rebuilt with. */
const FORMAT = 'search-format';

/** Whether the index was built with another document format than this code's (or before formats were kept). */
export async function searchFormatOutdated(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('projector_checkpoints').select('seq').where('name', '=', FORMAT).executeTakeFirst();
  return row?.seq !== SEARCH_DOCUMENT_FORMAT;
}
/** Events per catch-up batch: one transaction and one round of index writes each. */
const CATCH_UP_EVENTS = 1000;
/** Events per transaction of a rebuild, whose documents are computed once at the end. */
const REBUILD_EVENTS = 20_000;
/** Documents per index write of a rebuild. */
const DOCS_PER_WRITE = 1000;

/** The last event folded into the index. */
export async function readCheckpoint(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('projector_checkpoints').select('seq').where('name', '=', CHECKPOINT).executeTakeFirst();
  return row?.seq ?? 0;
}

/** One batch (or only the window ageing when no events wait). Returns whether more may follow. */
export async function catchUpBatch(deps: ProjectorDeps): Promise<boolean> {
  const { db, search, clock } = deps;
  const from = await readCheckpoint(db);
  const events = await loadEvents(db, from, CATCH_UP_EVENTS);
  const cutoffs = cutoffsAt(clock.now());
  const previous = await storedCutoffs(db);

  const changes = await db.transaction().execute(async (trx) => {
    const touched = nothingTouched();
    for (const id of await agedStories(trx, previous, cutoffs)) touched.stories.add(id);
    await foldEvents(trx, events, touched);
    return documentChanges(trx, touched, cutoffs);
  });

  const nothing =
    events.length === 0 && changes.stories.length + changes.deleteStories.length + changes.users.length + changes.deleteUsers.length === 0;
  if (nothing && previous) return false; // no write at all on an idle tick
  if (changes.deleteStories.length) await search.deleteStories(changes.deleteStories);
  if (changes.stories.length) await search.upsertStories(changes.stories);
  if (changes.deleteUsers.length) await search.deleteUsers(changes.deleteUsers);
  if (changes.users.length) await search.upsertUsers(changes.users);

  const last = events.length ? events[events.length - 1]!.seq : from;
  await commit(deps, last, cutoffs);
  return events.length === CATCH_UP_EVENTS;
}

/**
 * Folds the whole event log again into fresh projections and replaces every document with the result:
 * `npm run reindex`. The index swaps them in at once where it can (SearchIndex.rebuild). Should the index
 * fail, the checkpoint is gone with the old projections, so the next catch-up replays the log onto the live
 * index: it converges.
 */
export async function rebuildAll(deps: ProjectorDeps): Promise<void> {
  const { db, search, clock } = deps;
  await db.transaction().execute(async (trx) => {
    for (const t of ['proj_users', 'proj_stories', 'proj_likes', 'proj_windows', 'projector_checkpoints'] as const) {
      await trx.deleteFrom(t).execute();
    }
  });
  let last = 0;
  for (;;) {
    const events = await loadEvents(db, last, REBUILD_EVENTS);
    if (events.length === 0) break;
    await db.transaction().execute((trx) => foldEvents(trx, events, nothingTouched()));
    last = events[events.length - 1]!.seq;
  }
  const cutoffs = cutoffsAt(clock.now());
  const storyIds = (await db.selectFrom('proj_stories').select('user_id').execute()).map((r) => r.user_id);
  const userIds = (await db.selectFrom('proj_users').select('user_id').execute()).map((r) => r.user_id);
  await search.rebuild(async (writer) => {
    for (let i = 0; i < storyIds.length; i += DOCS_PER_WRITE) {
      await writer.upsertStories(await storyDocs(db, storyIds.slice(i, i + DOCS_PER_WRITE), cutoffs));
    }
    for (let i = 0; i < userIds.length; i += DOCS_PER_WRITE) {
      await writer.upsertUsers(await userDocs(db, userIds.slice(i, i + DOCS_PER_WRITE)));
    }
  });
  await commit(deps, last, cutoffs);
  const now = clock.now();
  await db
    .insertInto('projector_checkpoints')
    .values({ name: FORMAT, seq: SEARCH_DOCUMENT_FORMAT, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ seq: SEARCH_DOCUMENT_FORMAT, updated_at: now }))
    .execute();
}

async function loadEvents(db: Kysely<Database>, afterSeq: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['seq', 'type', 'payload', 'at'])
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(parseStoredEvent);
}

/** Step 3: the run is done; move the checkpoint and the window cutoffs together. */
async function commit(deps: ProjectorDeps, seq: number, cutoffs: Cutoffs): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projector_checkpoints')
      .values({ name: CHECKPOINT, seq, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ seq, updated_at: now }))
      .execute();
    await storeCutoffs(trx, cutoffs);
  });
}
