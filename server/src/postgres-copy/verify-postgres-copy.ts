// The second check of `npm run migrate-to-postgres` (docs/decisions/0022-moving-to-postgresql.md): after the rows
// are copied and counted (copy-to-postgres.ts), the projections are rebuilt from the copied events on PostgreSQL,
// by the same code as `npm run reindex`, and must equal the copied ones; and every story's all-time top-list
// counter, computed from the events, must equal its count of copied likes.
import { sql } from 'kysely';
import { Projector } from '../core/events/projector';
import { SEARCH_FORMAT_CHECKPOINT } from './copy-to-postgres';
import { openPostgres } from '../db/open-postgres';
import type { SearchIndex, StoryDoc, UserDoc } from '../ports/search-index';
import { systemClock } from '../ports/clock';

export interface ProjectionCheck {
  /** What was compared, one line each, for the report. */
  lines: string[];
  seconds: number;
}

/** Projection tables, by the checkpoint that says how far the copied ones had folded the log. */
const PROJECTIONS = {
  search: ['proj_users', 'proj_stories', 'proj_likes'],
  notifications: ['proj_notifications', 'proj_comments'],
  followers: ['proj_followers'],
} as const;

/**
 * Takes the documents a rebuild writes and keeps only each story's all-time counter: the check needs no search
 * engine, and a PostgreSQL deployment's index (Meilisearch) is rebuilt on the server's first start anyway.
 */
class CounterCollector implements SearchIndex {
  readonly name = 'the copy check';
  readonly storyLikes = new Map<number, number>();
  async init() {}
  async upsertStories(docs: StoryDoc[]) {
    for (const doc of docs) this.storyLikes.set(doc.id, doc.likes);
  }
  async upsertUsers(_docs: UserDoc[]) {}
  async deleteStories(ids: number[]) {
    for (const id of ids) this.storyLikes.delete(id);
  }
  async deleteUsers(_ids: number[]) {}
  async clear() {
    this.storyLikes.clear();
  }
  async rebuild(fill: Parameters<SearchIndex['rebuild']>[0]) {
    this.storyLikes.clear();
    await fill(this);
  }
  search(): never {
    throw new Error('The copy check only rebuilds documents; it answers no searches.');
  }
  top(): never {
    throw new Error('The copy check only rebuilds documents; it answers no top lists.');
  }
  countTop(): never {
    throw new Error('The copy check only rebuilds documents; it answers no top lists.');
  }
  async close() {}
}

export async function verifyPostgresCopy({
  databaseUrl,
  log = () => undefined,
}: {
  databaseUrl: string;
  log?: (line: string) => void;
}): Promise<ProjectionCheck> {
  const started = performance.now();
  const { db, close } = await openPostgres(databaseUrl, log);
  try {
    // A row's whole text hashed and summed: equal tables give equal sums whatever the order of their rows.
    const fingerprint = async (table: string) => {
      const { rows } = await sql<{ n: number; h: string }>`
        SELECT count(*) AS n, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS h FROM ${sql.table(table)} t`.execute(db);
      return `${rows[0]!.n}:${rows[0]!.h}`;
    };
    const lastSeq = Number(
      (
        await db
          .selectFrom('events')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst()
      )?.seq ?? 0,
    );
    const checkpoints = new Map(
      (await db.selectFrom('projector_checkpoints').select(['name', 'seq']).execute()).map((r) => [r.name, Number(r.seq)]),
    );
    const before = new Map<string, string>();
    for (const tables of Object.values(PROJECTIONS)) for (const t of tables) before.set(t, await fingerprint(t));

    const collector = new CounterCollector();
    await new Projector({ db, search: collector, clock: systemClock, log }).rebuild();
    // Rebuilding wrote the search format: remove it again, so the server's first start builds its own index.
    await db.deleteFrom('projector_checkpoints').where('name', '=', SEARCH_FORMAT_CHECKPOINT).execute();

    const lines: string[] = [];
    for (const [checkpoint, tables] of Object.entries(PROJECTIONS)) {
      const folded = checkpoints.get(checkpoint) ?? 0;
      if (folded < lastSeq) {
        lines.push(`${tables.join(', ')}: the copied ones had folded events up to ${folded} of ${lastSeq}; rebuilt from all of them.`);
        continue;
      }
      for (const t of tables) {
        const after = await fingerprint(t);
        if (after !== before.get(t)) {
          throw new Error(
            `${t} rebuilt from the copied events differs from the copied ${t} (rows:hash ${after} against ${before.get(t)}).`,
          );
        }
      }
      lines.push(`${tables.join(', ')}: rebuilt from ${lastSeq} events, equal to the copied rows.`);
    }

    const counts = new Map(
      (await db.selectFrom('like_counts').select(['story_user_id', 'n']).execute()).map((r) => [Number(r.story_user_id), Number(r.n)]),
    );
    const wrong = [...collector.storyLikes].filter(([id, likes]) => likes !== (counts.get(id) ?? 0));
    if (wrong.length) {
      const [id, likes] = wrong[0]!;
      throw new Error(
        `The top lists' counters from the events disagree with the copied likes for ${wrong.length} stories (story ${id}: ${likes} against ${counts.get(id) ?? 0}).`,
      );
    }
    lines.push(`Top-list counters of ${collector.storyLikes.size} listed stories, from the events: equal to their copied likes.`);
    return { lines, seconds: (performance.now() - started) / 1000 };
  } finally {
    await close();
  }
}
