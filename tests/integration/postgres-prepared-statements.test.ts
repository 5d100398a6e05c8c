// On PostgreSQL the hot reads (`compileOnce`) run as named prepared statements (docs/decisions/0021-postgresql.md,
// server/src/db/compiled-query.ts): each connection of the pool parses them once and then only binds and executes.
// Seen here in PostgreSQL's own record of a connection's statements (pg_prepared_statements, which counts the
// executions of each), with the same rows as the unnamed queries give, and again after PostgreSQL ends the
// connections. Only on PostgreSQL: SQLite runs the same reads at once on its one connection (ADR 0008).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type CoreDeps } from '../../server/src/core/shared/core-deps';
import { countComments, listComments } from '../../server/src/core/social/comments';
import { listEntriesFor } from '../../server/src/core/explore/list-items';
import { getPage, getStory } from '../../server/src/core/stories/read-story';
import { openPostgres, type OpenedPostgres } from '../../server/src/db/open-postgres';
import { makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

interface Prepared {
  name: string;
  statement: string;
  runs: number;
}

/** Every statement prepared on the pool's connections: each idle one is checked out at once and asked. */
async function preparedOn(pool: pg.Pool): Promise<Prepared[][]> {
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    return await Promise.all(
      clients.map(
        async (c) =>
          (
            await c.query<Prepared>(
              'SELECT name, statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements ORDER BY name',
            )
          ).rows,
      ),
    );
  } finally {
    for (const c of clients) c.release();
  }
}

// The page read (core/stories/read-story.ts): the page, the page count, and the owner and audience its access check needs.
const PAGE_SQL =
  /^select "pages"\."html", "stories"\."page_count", "stories"\."user_id", "stories"\."audience", CASE WHEN stories\.audience IN /;

describe.skipIf(!postgresBaseUrl)('hot reads on PostgreSQL', () => {
  let t: TestApp;
  let named: OpenedPostgres;
  let plain: OpenedPostgres;
  let author: { id: number; username: string };
  const depsOf = (o: OpenedPostgres): CoreDeps => ({ ...t.deps, db: o.db });

  beforeAll(async () => {
    t = await makeTestApp();
    const me = await signedInPerson(t);
    expect((await me.client.post('/api/stories/save', { title: 'Named', text: storyHtml(12, 100) })).status).toBe(201);
    expect((await me.client.post('/api/comments/create', { data: { story_username: me.username, text: 'First' } })).status).toBe(201);
    author = { id: me.id, username: me.username };
    const url = t.config.databaseUrl!;
    named = await openPostgres(url);
    plain = await openPostgres(url, undefined, { namedStatements: false });
  });

  afterAll(async () => {
    await named?.close();
    await plain?.close();
    await t?.close();
  });

  /** The hot reads of a story page, a story, its comments and a list entry, as a visitor and as the author. */
  const reads = async (deps: CoreDeps) => {
    const out: unknown[] = [];
    for (const actor of [anonymous('test'), { ...anonymous('test'), userId: author.id }]) {
      out.push(await getStory(deps, actor, { username: author.username }));
      out.push(await getPage(deps, actor, { username: author.username, page_number: 1 }));
      out.push(await getPage(deps, actor, { username: author.username, page_number: 2 }));
      out.push(await listComments(deps, actor, { story_username: author.username, page: 1, limit: 50 }));
      out.push(await countComments(deps, actor, { story_username: author.username }));
      out.push(await listEntriesFor(deps, [author.id]));
    }
    return out;
  };

  it('runs each as a named statement, parsed once per connection, with the rows of the unnamed query', async () => {
    const rounds = 5;
    const first = await reads(depsOf(plain));
    expect(first[1]).toMatchObject({ page_number: 1, page_count: 2 });
    for (let i = 0; i < rounds; i++) {
      expect(await reads(depsOf(named))).toEqual(first);
      expect(await reads(depsOf(plain))).toEqual(first);
    }

    const onNamed = (await preparedOn(named.pool)).flat();
    expect(onNamed.length).toBeGreaterThan(0);
    for (const p of onNamed) expect(p.name).toMatch(/^hot_[0-9a-f]{24}$/);
    const page = onNamed.filter((p) => PAGE_SQL.test(p.statement));
    expect(new Set(page.map((p) => p.name)).size).toBe(1);
    // Two pages read as two people in each round: every run of the page read went through the named statement.
    expect(page.reduce((n, p) => n + Number(p.runs), 0)).toBe(rounds * 4);
    // The unnamed pool prepares nothing that lasts: PostgreSQL parses every query again.
    expect((await preparedOn(plain.pool)).flat()).toEqual([]);
  });

  it('prepares them again on a new connection when PostgreSQL has ended the old ones, with the same rows', async () => {
    const before = await reads(depsOf(named));
    // PostgreSQL ends every connection of the named pool (as a restart would); a read that meets a dead one is
    // "away" (a 503 with a sentence), and the pool then opens new connections, which know no statements yet.
    await plain.db.executeQuery({
      sql: 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      parameters: [],
      query: undefined as never,
      queryId: undefined as never,
    });
    let after: unknown[] | undefined;
    for (let attempt = 0; attempt < 20 && !after; attempt++) {
      after = await reads(depsOf(named)).catch((err: { kind?: string }) => {
        expect(err.kind).toBe('UNAVAILABLE');
        return undefined;
      });
    }
    expect(after).toEqual(before);
    const page = (await preparedOn(named.pool)).flat().filter((p) => PAGE_SQL.test(p.statement));
    expect(page.length).toBeGreaterThan(0);
    // At least the four of the read that answered (an attempt that met a dead connection may have read a page first).
    expect(page.reduce((n, p) => n + Number(p.runs), 0)).toBeGreaterThanOrEqual(4);
  });
});
