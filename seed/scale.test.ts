// The scale generator writes what the product would have written: valid rows and events, projections equal
// to an incremental replay, people who can sign in, searchable titles, top lists that differ by window, and
// the same bytes for the same seed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config';
import { commentCreateInput } from '../server/src/contract/social';
import { registerInput } from '../server/src/contract/accounts';
import { storyContentInput } from '../server/src/contract/stories';
import { checkAge } from '../server/src/core/accounts/check-age';
import { eventSchemas, parseStoredEvent, type EventType } from '../server/src/core/events/event-types';
import { sanitizeStoryHtml } from '../server/src/core/stories/sanitize-story-html';
import { formatStory } from '../server/src/core/stories/format-story';
import { createDeps } from '../server/src/deps';
import { FakeClock } from '../tests/support/fake-clock';
import { makeTestApp } from '../tests/support/test-app';
import { actorOf, makeComment, makeLike, makeStory, makeUser } from '../server/src/demo/make';
import { forEachEvent, type EventRow } from './scale/events';
import { generateScaleData, SCALE_PASSWORD, type ScaleResult } from './scale/generate';
import { makePlan } from './scale/plan';
import { editProfile } from '../server/src/core/accounts/profile';

const NOW = Date.UTC(2026, 5, 15);
const DAY = 24 * 60 * 60 * 1000;
const SIZES = { users: 300, likes: 2000, comments: 500, seed: 7, now: NOW };

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-seed-test-'));
  dirs.push(dir);
  return dir;
}
const dbFile = (dir: string) => loadConfig({ DATA_DIR: dir }).dbFile;

/** Every table's rows, hashed (ordered by all columns, so WITHOUT ROWID tables too). */
function tableHashes(dir: string, skip: readonly string[] = []): Record<string, string> {
  const db = new BetterSqlite3(dbFile(dir), { readonly: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
    const out: Record<string, string> = {};
    for (const t of tables.filter((name) => !skip.includes(name))) {
      const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(t) as string[]).map((c) => `"${c}"`);
      const hash = createHash('sha256');
      for (const row of db
        .prepare(`SELECT ${cols.join(', ')} FROM "${t}" ORDER BY ${cols.join(', ')}`)
        .raw()
        .iterate()) {
        hash.update(JSON.stringify(row));
      }
      out[t] = hash.digest('hex');
    }
    return out;
  } finally {
    db.close();
  }
}

/** When the migrations ran (Kysely's own bookkeeping): the one time-dependent table. */
const MIGRATION_LOG = ['kysely_migration'];

let dir: string;
let result: ScaleResult;
let db: BetterSqlite3.Database;
let generated: Record<string, string>;

beforeAll(async () => {
  dir = freshDir();
  result = await generateScaleData({ dataDir: dir, ...SIZES });
  generated = tableHashes(dir, MIGRATION_LOG);
  db = new BetterSqlite3(dbFile(dir), { readonly: true });
});

afterAll(() => {
  db?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const count = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

describe('scale seed', () => {
  it('writes the requested numbers, with a story (and its pages) for everyone', () => {
    expect(result).toMatchObject({ users: 300, stories: 300, likes: 2000, comments: 500 });
    expect(count('SELECT count(*) FROM users')).toBe(300);
    expect(count('SELECT count(*) FROM stories')).toBe(300);
    expect(count('SELECT count(*) FROM likes')).toBe(2000);
    expect(count('SELECT count(*) FROM comments')).toBe(500);
    expect(count('SELECT count(*) FROM events')).toBe(result.events);
    expect(count('SELECT count(*) FROM stories s WHERE page_count != (SELECT count(*) FROM pages p WHERE p.user_id = s.user_id)')).toBe(0);
    expect(count('SELECT max(page_count) FROM stories')).toBeGreaterThan(1);
    expect(result.dbBytes).toBeGreaterThan(0);
  });

  it('keeps every reference and constraint, with the schema as the migrations left it', async () => {
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const schema = (file: string) => {
      const d = new BetterSqlite3(file, { readonly: true });
      const rows = d.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name`).all();
      d.close();
      return rows;
    };
    const fresh = freshDir();
    const deps = await createDeps(loadConfig({ DATA_DIR: fresh, LOG_LEVEL: 'silent' }), { log: () => undefined });
    await deps.close();
    expect(schema(dbFile(dir))).toEqual(schema(dbFile(fresh)));
  });

  it('stores rows the product would accept and store: people, stories, pages, comments', () => {
    for (const u of db.prepare('SELECT * FROM users').all() as Array<Record<string, unknown>>) {
      const input = registerInput.parse({
        first_name: u.first_name,
        last_name: u.last_name,
        username: u.username,
        email: u.email,
        dob: u.dob,
        password: SCALE_PASSWORD,
      });
      expect(input).toMatchObject({ username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name });
      expect(() => checkAge(u.dob as string, u.created_at as number)).not.toThrow();
      expect(u.created_at as number).toBeLessThanOrEqual(NOW);
    }
    expect(count(`SELECT count(DISTINCT password_hash) FROM users`)).toBe(1);
    const bodies = new Map<string, string[]>();
    for (const s of db.prepare('SELECT user_id, title, body_html FROM stories').all() as Array<{
      user_id: number;
      title: string;
      body_html: string;
    }>) {
      expect(storyContentInput.parse({ title: s.title, text: s.body_html }).title).toBe(s.title);
      if (!bodies.has(s.body_html)) {
        expect(sanitizeStoryHtml(s.body_html)).toBe(s.body_html);
        bodies.set(s.body_html, formatStory(s.body_html).pages); // with the chapters' ids, as a publish stores them
      }
      const pages = db.prepare('SELECT html FROM pages WHERE user_id = ? ORDER BY page_number').pluck().all(s.user_id);
      expect(pages).toEqual(bodies.get(s.body_html));
    }
    for (const c of db.prepare('SELECT text FROM comments').pluck().all() as string[]) {
      expect(commentCreateInput.parse({ story_username: 'x', text: c }).text).toBe(c);
    }
  });

  it('gives likes once per person and story, never to oneself, after both the story and its giver existed', () => {
    expect(count('SELECT count(*) FROM (SELECT DISTINCT user_id, story_user_id FROM likes)')).toBe(2000);
    expect(count('SELECT count(*) FROM likes WHERE user_id = story_user_id')).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM likes l JOIN stories s ON s.user_id = l.story_user_id JOIN users u ON u.id = l.user_id
                  WHERE l.created_at < s.created_at OR l.created_at < u.created_at OR l.created_at > ?`,
        NOW,
      ),
    ).toBe(0);
    expect(
      count(`SELECT count(*) FROM comments c JOIN stories s ON s.user_id = c.story_user_id JOIN users u ON u.id = c.user_id
                  WHERE c.created_at < s.created_at OR c.created_at < u.created_at`),
    ).toBe(0);
    // Skewed: the most liked story has many times the median.
    const perStory = db.prepare('SELECT count(*) FROM likes GROUP BY story_user_id ORDER BY 1').pluck().all() as number[];
    expect(perStory[perStory.length - 1]!).toBeGreaterThan(5 * perStory[Math.floor(perStory.length / 2)]!);
  });

  it('appends exactly the events the product would: parseable, byte for byte as appendEvent writes them, in time order', () => {
    const rows = db.prepare('SELECT seq, type, actor_id, subject_id, payload, at FROM events ORDER BY seq').all() as Array<{
      seq: number;
      type: string;
      actor_id: number;
      subject_id: number;
      payload: string;
      at: number;
    }>;
    const types = new Map<string, number>();
    let last = -Infinity;
    rows.forEach((row, i) => {
      expect(row.seq).toBe(i + 1);
      const event = parseStoredEvent(row);
      const payload = eventSchemas[row.type as EventType].parse(JSON.parse(row.payload)) as Record<string, unknown>;
      expect(row.payload).toBe(JSON.stringify(payload));
      expect(row.actor_id).toBe(payload.user_id);
      expect(row.subject_id).toBe((payload.story_user_id as number | undefined) ?? payload.user_id);
      expect(row.at).toBeGreaterThanOrEqual(last);
      last = row.at;
      types.set(event.type, (types.get(event.type) ?? 0) + 1);
    });
    const privates = count('SELECT count(*) FROM users WHERE is_private = 1');
    expect(privates).toBeGreaterThan(0);
    expect(Object.fromEntries(types)).toEqual({
      user_registered: 300,
      profile_updated: privates,
      story_saved: 300,
      story_liked: 2000,
      comment_created: 500,
    });
    // Each row matches its event.
    expect(
      count(`SELECT count(*) FROM events e JOIN likes l ON l.user_id = e.actor_id AND l.story_user_id = e.subject_id
                  WHERE e.type = 'story_liked' AND l.created_at = e.at AND json_extract(e.payload, '$.given_at') = e.at`),
    ).toBe(2000);
    expect(
      count(`SELECT count(*) FROM events e JOIN comments c ON c.id = json_extract(e.payload, '$.comment_id')
                  WHERE e.type = 'comment_created' AND c.created_at = e.at AND c.user_id = e.actor_id AND c.story_user_id = e.subject_id`),
    ).toBe(500);
    expect(
      count(`SELECT count(*) FROM events e JOIN stories s ON s.user_id = e.actor_id
                  WHERE e.type = 'story_saved' AND s.created_at = e.at AND s.title = json_extract(e.payload, '$.title')
                    AND s.page_count = json_extract(e.payload, '$.page_count')`),
    ).toBe(300);
    // Registration, privacy, then the story: in that order for every person.
    expect(
      count(`SELECT count(*) FROM events r JOIN events s ON s.actor_id = r.actor_id AND s.type = 'story_saved'
                  WHERE r.type = 'user_registered' AND r.seq > s.seq`),
    ).toBe(0);
  });

  it("keeps the triggers' bookkeeping the product relies on (like counts), when the schema has it", () => {
    const hasCounts = count(`SELECT count(*) FROM sqlite_master WHERE name = 'like_counts'`) > 0;
    if (!hasCounts) return;
    expect(
      count(`SELECT count(*) FROM (SELECT story_user_id, count(*) AS n FROM likes GROUP BY story_user_id) l
                  LEFT JOIN like_counts c USING (story_user_id) WHERE c.n IS NOT l.n`),
    ).toBe(0);
  });

  it('projects exactly what an incremental replay of the events gives', async () => {
    const projected = [
      'proj_users',
      'proj_stories',
      'proj_likes',
      'proj_windows',
      'projector_checkpoints',
      'search_stories',
      'search_users',
      'search_terms',
      'search_vocab',
    ];
    const pick = (h: Record<string, string>) => Object.fromEntries(projected.map((t) => [t, h[t]]));
    const rebuilt = pick(tableHashes(dir));
    const copy = freshDir();
    for (const f of fs.readdirSync(dir).filter((name) => /^(life-story\.sqlite(-wal)?|secret)$/.test(name))) {
      fs.copyFileSync(path.join(dir, f), path.join(copy, f));
    }
    const deps = await createDeps(loadConfig({ DATA_DIR: copy, LOG_LEVEL: 'silent' }), { clock: { now: () => NOW }, log: () => undefined });
    try {
      await deps.db.transaction().execute(async (trx) => {
        for (const t of ['proj_users', 'proj_stories', 'proj_likes', 'proj_windows'] as const) await trx.deleteFrom(t).execute();
        // The replay is onto an empty index of the current document format: only the format stamp stays.
        await trx.deleteFrom('projector_checkpoints').where('name', '!=', 'search-format').execute();
      });
      await deps.search.clear();
      await deps.projector.drain();
    } finally {
      await deps.close();
    }
    const replayed = pick(tableHashes(copy));
    expect(replayed).toEqual(rebuilt);
    expect(Object.values(rebuilt).every(Boolean)).toBe(true);
  });

  it('lets a generated person sign in with the documented password, and finds their story by its title', async () => {
    const t = await makeTestApp({ env: { DATA_DIR: dir } });
    try {
      const person = db
        .prepare(
          `SELECT u.id, u.email, u.username, s.title FROM users u JOIN stories s ON s.user_id = u.id WHERE u.is_private = 0 ORDER BY u.id LIMIT 1 OFFSET 17`,
        )
        .get() as { id: number; email: string; username: string; title: string };
      const client = t.client();
      expect((await client.post('/api/auth/login', { email: person.email, password: 'not the password' })).status).toBe(401);
      const login = await client.post('/api/auth/login', { email: person.email, password: SCALE_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.user_info.username).toBe(person.username);

      const hits = await t.deps.search.search({ text: person.title, kind: 'stories', limit: 20 });
      expect(hits.map((h) => h.id)).toContain(person.id);
      const typed = await client.post('/api/searches/story', { searchTerm: person.title.slice(0, Math.max(3, person.title.length - 2)) });
      expect(typed.status).toBe(200);
      expect(typed.body.data.map((r: { username: string }) => r.username)).toContain(person.username);
      const byName = await t.deps.search.search({ text: person.username.slice(0, 4), kind: 'users', limit: 20 });
      expect(byName.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('gives top lists that differ by window', async () => {
    const deps = await createDeps(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { clock: { now: () => NOW }, log: () => undefined });
    try {
      const [all, year, month] = await Promise.all((['all', 'year', 'month'] as const).map((w) => deps.search.top(w, 0, 10)));
      const [nAll = 0, nYear = 0, nMonth = 0] = await Promise.all((['all', 'year', 'month'] as const).map((w) => deps.search.countTop(w)));
      expect(nMonth).toBeGreaterThan(0);
      expect(nMonth).toBeLessThan(nYear);
      expect(nYear).toBeLessThanOrEqual(nAll);
      expect(month).not.toEqual(all);
      expect(year).not.toEqual(month);
      // Likes span two years: some older than a year, some within the month.
      expect(count('SELECT count(*) FROM likes WHERE created_at < ?', NOW - 365 * DAY)).toBeGreaterThan(0);
      expect(count('SELECT count(*) FROM likes WHERE created_at >= ?', NOW - 30 * DAY)).toBeGreaterThan(0);
    } finally {
      await deps.close();
    }
  });

  it('writes identical rows for the same seed, other rows for another seed', async () => {
    const again = freshDir();
    await generateScaleData({ dataDir: again, ...SIZES });
    expect(tableHashes(again, MIGRATION_LOG)).toEqual(generated);
    const other = freshDir();
    await generateScaleData({ dataDir: other, ...SIZES, seed: 8 });
    expect(tableHashes(other).users).not.toBe(generated.users);
  });

  it('writes row for row what the product writes when the same people do the same things through the core', async () => {
    const sizes = { users: 25, likes: 60, comments: 15, seed: 3 };
    const bulk = freshDir();
    await generateScaleData({ dataDir: bulk, ...sizes, now: NOW });

    // The same plan, acted out through the core (the demo seed's make functions) at each event's instant.
    const plan = makePlan({ ...sizes, anchor: NOW });
    const events: EventRow[] = [];
    forEachEvent(plan, (e) => events.push(e));
    const clock = new FakeClock(0);
    const t = await makeTestApp({ clock });
    try {
      const username = (id: number) => plan.users[id - 1]!.username;
      for (const e of events) {
        clock.t = e.at;
        const p = JSON.parse(e.payload);
        if (e.type === 'user_registered') {
          const u = plan.users[p.user_id - 1]!;
          const made = await makeUser(t.deps, {
            first_name: u.firstName,
            last_name: u.lastName,
            username: u.username,
            email: u.email,
            dob: u.dob,
            password: SCALE_PASSWORD,
          });
          expect(made.id).toBe(u.id);
        } else if (e.type === 'profile_updated') {
          const u = plan.users[p.user_id - 1]!;
          await editProfile(t.deps, actorOf(u.id), {
            first_name: u.firstName,
            last_name: u.lastName,
            email: u.email,
            dob: u.dob,
            is_private: true,
          });
        } else if (e.type === 'story_saved') {
          const i = p.user_id - 1;
          await makeStory(
            t.deps,
            { id: p.user_id, username: username(p.user_id), actor: actorOf(p.user_id) },
            { title: plan.titles[i]!, html: plan.bodies.bodies[plan.bodyOf[i]!]!.bodyHtml },
          );
        } else if (e.type === 'story_liked') {
          await makeLike(t.deps, { id: p.user_id, username: username(p.user_id), actor: actorOf(p.user_id) }, username(p.story_user_id));
        } else {
          const text = plan.comments.text[p.comment_id - 1]!;
          await makeComment(
            t.deps,
            { id: p.user_id, username: username(p.user_id), actor: actorOf(p.user_id) },
            username(p.story_user_id),
            text,
          );
        }
      }
      await t.deps.projector.stop();
      const rowsOf = (file: string, table: string) => {
        const d = new BetterSqlite3(file, { readonly: true });
        const cols = (d.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter(
          (c) => c !== 'password_hash',
        );
        const rows = d.prepare(`SELECT ${cols.join(', ')} FROM "${table}" ORDER BY ${cols.join(', ')}`).all();
        d.close();
        return rows;
      };
      const tables = [
        'users',
        'stories',
        'pages',
        'likes',
        'saves',
        'comments',
        'uploads',
        'events',
        'story_revisions',
        'story_revision_chunks',
        'story_revision_parts',
        'drafts',
        'sqlite_sequence',
      ];
      if (count(`SELECT count(*) FROM sqlite_master WHERE name = 'like_counts'`) > 0) tables.push('like_counts');
      for (const table of tables) expect([table, rowsOf(dbFile(bulk), table)]).toEqual([table, rowsOf(t.config.dbFile, table)]);
      expect(rowsOf(dbFile(bulk), 'events')).toHaveLength(events.length);
    } finally {
      await t.close();
    }
  });

  it('refuses a database that already holds people', async () => {
    await expect(generateScaleData({ dataDir: dir, ...SIZES })).rejects.toThrow(/already holds data/);
    expect(count('SELECT count(*) FROM users')).toBe(300);
  });
});
