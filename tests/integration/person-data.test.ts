// Three places keep their own lists of tables: "Download my data" (server/src/core/export/), account deletion
// (server/src/core/accounts/delete-account.ts: a cascade from users, plus the events it scrubs) and backups
// (server/src/backups/). This test reads the migrated database itself (tests/support/person-columns.ts) for every
// column that holds a person's id, and fails when one is not in PERSON_COLUMNS below, which says what the export does
// with it. Then one person with a row behind every such column shows that the export holds what it should, a backup
// copies every row, and deleting the account leaves no row naming them. Runs on SQLite (server) and PostgreSQL (server-pg).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsBackupStore } from '../../server/src/adapters/backup/fs-backup-store';
import { backupSourcesOf, makeBackup } from '../../server/src/backups/make-backup';
import { DATABASE_FILE } from '../../server/src/backups/manifest';
import { replyAddressFor } from '../../server/src/core/answers-by-email/reply-address';
import { EXPORT_FOLDER } from '../../server/src/core/export/export-schema';
import { personColumns, readSchema, type SchemaColumn } from '../support/person-columns';
import { readZip } from '../support/read-zip';
import { settle } from '../support/outbox';
import { uploadPng } from '../support/rest-contract';
import { makeTestApp, postgresBaseUrl, signedInPerson, type TestApp } from '../support/test-app';

/** One record of an export file (a file holding one object, or null, is read as a list of it, or of none). */
type Exported = Record<string, unknown>;

/** What the export holds for one column's rows: the file and how to find the seeded row in it, or why it holds none. */
type InExport = { file: string; has: (records: Exported[], s: Seeded) => boolean } | { not: string };

interface Handling {
  export: InExport;
  /** How many rows naming them deleting the account leaves (all those seeded, or a number), and why; else none. */
  keptAfterDeletion?: { rows: 'all' | number; why: string };
}

interface Seeded {
  username: string;
  otherUsername: string;
  upload: string;
}

const THEIRS = 'other people’s activity on the person’s story is theirs (docs/data-export.md, "Not included")';
const LOG = 'the event log holds the same facts as the files (docs/data-export.md, "Not included")';
const DERIVED = 'a projection, rebuilt from the event log: the same facts as the files';
const LINK = 'a single-use link (its token’s keyed hash): a secret, not data the person gave';
const ACCOUNT_DELETED =
  'the id-only account_deleted event, which tells the projector, now and on a rebuild, to drop them (delete-account.ts)';
const NOT_YET = 'not in the export today (docs/data-export.md does not list it either)';

/**
 * Every column of the migrated database that holds a person's id. A new one fails "every column that names a person
 * is listed" until it is added here; the behaviour tests below then need a row for it.
 */
const PERSON_COLUMNS: Record<string, Handling> = {
  'users.id': { export: { file: 'profile.json', has: (j, s) => j.some((r) => r.username === s.username) } },
  'stories.user_id': { export: { file: 'story.json', has: (j) => j.some((r) => r.title === 'PERSON-STORY') } },
  'pages.user_id': {
    export: { file: 'story.json', has: (j) => j.some((r) => Number(r.page_count) >= 1 && String(r.body_html).includes('PERSON-WORDS')) },
  },
  'drafts.user_id': { export: { file: 'draft.json', has: (j) => j.some((r) => r.title === 'PERSON-DRAFT') } },
  'story_revisions.user_id': { export: { file: 'revisions.json', has: (j) => j.some((r) => r.title === 'PERSON-STORY') } },
  'story_revision_chunks.user_id': {
    export: { file: 'revisions.json', has: (j) => j.some((r) => String(r.body_html).includes('PERSON-WORDS')) },
  },
  'story_revision_parts.user_id': {
    export: { file: 'revisions.json', has: (j) => j.some((r) => String(r.body_html).includes('PERSON-WORDS')) },
  },
  'likes.user_id': { export: { file: 'likes.json', has: (j, s) => j.some((r) => r.story_username === s.otherUsername) } },
  'saves.user_id': { export: { file: 'saves.json', has: (j, s) => j.some((r) => r.story_username === s.otherUsername) } },
  'comments.user_id': { export: { file: 'comments.json', has: (j) => j.some((r) => r.text === 'PERSON-COMMENT') } },
  'uploads.user_id': { export: { file: 'uploads.json', has: (j, s) => j.some((r) => r.name === s.upload) } },
  'likes.story_user_id': { export: { not: THEIRS } },
  'saves.story_user_id': { export: { not: THEIRS } },
  'comments.story_user_id': { export: { not: THEIRS } },
  'like_counts.story_user_id': { export: { not: 'a count of other people’s likes, kept by triggers (migration 002)' } },
  'sessions.user_id': { export: { not: 'sessions are secrets, not data the person gave (docs/data-export.md)' } },
  'password_resets.user_id': { export: { not: LINK } },
  'email_changes.user_id': { export: { not: LINK } },
  'email_verifications.user_id': { export: { not: LINK } },
  'admin_setup_links.used_by': { export: { not: LINK } },
  'events.actor_id': { export: { not: LOG }, keptAfterDeletion: { rows: 1, why: ACCOUNT_DELETED } },
  'events.subject_id': { export: { not: LOG }, keptAfterDeletion: { rows: 1, why: ACCOUNT_DELETED } },
  'proj_users.user_id': { export: { not: DERIVED } },
  'proj_stories.user_id': { export: { not: DERIVED } },
  'proj_likes.user_id': { export: { not: DERIVED } },
  'proj_likes.story_user_id': { export: { not: DERIVED } },
  'proj_comments.user_id': { export: { not: DERIVED } },
  'proj_comments.story_user_id': { export: { not: DERIVED } },
  'proj_notifications.recipient_id': { export: { not: DERIVED } },
  'proj_notifications.actor_id': { export: { not: DERIVED } },
  'proj_notifications.story_user_id': { export: { not: DERIVED } },
  'reports.reporter_id': { export: { not: `the moderators’ queue; ${NOT_YET}` } },
  'reports.story_user_id': { export: { not: 'reports about the person’s story are the reporters’' } },
  'moderation_actions.admin_id': { export: { not: 'the moderation log (docs/decisions/0020-moderation.md)' } },
  'moderation_actions.target_user_id': { export: { not: 'the moderation log (docs/decisions/0020-moderation.md)' } },
  'moderation_actions.target_id': {
    export: { not: 'the moderation log (docs/decisions/0020-moderation.md)' },
    keptAfterDeletion: {
      rows: 'all',
      why:
        'the log keeps what was done: target_id is a comment, report or account id by target_kind (core/moderation/actions.ts), ' +
        'while target_user_id, the person, is set null by its foreign key',
    },
  },
  'blocks.blocker_id': { export: { not: NOT_YET } },
  'blocks.blocked_id': { export: { not: 'someone else’s block is theirs' } },
  'notification_settings.user_id': { export: { not: NOT_YET } },
  'notification_reads.user_id': { export: { not: 'which notifications were read: bookkeeping of the notifications screen' } },
  // The circle (docs/decisions/0026-who-can-read-a-story.md): whom the person invited, and whose circles they joined.
  'circle_members.owner_id': {
    export: { file: 'readers.json', has: (j) => j.some((r) => r.name === 'PERSON-READER' && r.email === 'person-reader@example.org') },
  },
  'circle_members.joined_user_id': { export: { file: 'circles.json', has: (j, s) => j.some((r) => r.story_username === s.otherUsername) } },
  'reader_passes.owner_id': {
    export: { not: 'passes on the devices of the person’s readers: secrets (a token’s hash), not data the person gave' },
  },
  'story_share_keys.user_id': { export: { not: 'the key of the person’s share link: a secret, not data the person gave' } },
  // Followers (docs/decisions/0027-followers-and-digests.md).
  'proj_followers.user_id': { export: { file: 'follows.json', has: (j, s) => j.some((r) => r.story_username === s.otherUsername) } },
  'proj_followers.story_user_id': {
    export: { not: 'who follows the person’s story is the followers’ (docs/data-export.md, "Not included")' },
  },
  'follow_digests.user_id': { export: { not: 'bookkeeping of the followers’ emails (what each was last told, and when)' } },
  'follow_digests.story_user_id': { export: { not: 'bookkeeping of the followers’ emails (what each was last told, and when)' } },
  // Questions by life stage (docs/decisions/0028-questions-by-life-stage.md).
  'question_answers.user_id': {
    export: {
      not: 'which suggested questions the person chose or set aside: the picker’s bookkeeping; the chapters are in story.json and draft.json',
    },
  },
  // The family asks (docs/decisions/0032-the-family-asks.md).
  'asked_questions.asker_id': { export: { file: 'asked.json', has: (j, s) => j.some((r) => r.story_username === s.otherUsername) } },
  'asked_questions.writer_id': {
    export: { not: 'questions others asked the person are the askers’ words; the answers are in story.json and draft.json' },
  },
  // Answers by email (docs/decisions/0030-answers-by-email.md): the answers themselves are in the draft.
  'answer_addresses.user_id': {
    export: { not: 'the reply addresses of question emails: secrets (a token’s hash), not data the person gave' },
  },
  'answer_receipts.user_id': { export: { not: 'bookkeeping of answers by email (hashes that keep a message from being added twice)' } },
  // Import a document (docs/decisions/0033-import-a-document.md): a draft "Replace my draft" kept.
  'kept_drafts.user_id': { export: { file: 'kept-drafts.json', has: (j) => j.some((r) => r.title === 'PERSON-KEPT') } },
  // Personal access tokens (docs/decisions/0039-personal-access-tokens.md): ended with the account, as sessions are.
  'developer_tokens.user_id': {
    export: { not: 'developer tokens are secrets (a token’s keyed hash), not data the person gave, as sessions are' },
  },
  // One question a week by email (docs/decisions/0031-one-question-a-week.md).
  'weekly_questions.user_id': {
    export: {
      not: 'the weekly question’s setting (a day and a time) and when it last went: a setting, shown in the notification settings',
    },
  },
  'weekly_question_sends.user_id': {
    export: { not: 'which questions were emailed, and when: bookkeeping, so the next email asks another' },
  },
};

/** Columns ending in _id, without a foreign key, that hold no person's id. */
const NOT_A_PERSON = new Set([
  'proj_comments.comment_id',
  'proj_notifications.comment_id',
  // A follow's random id (core/follows/follow-tokens.ts).
  'proj_followers.follow_id',
  'follow_digests.follow_id',
  'follow_passes.follow_id',
  'follow_digests.seen_revision_id',
  // A question of the library ("school-003", contract/questions/).
  'question_answers.question_id',
  // The stable id of a question in the library (docs/decisions/0030-answers-by-email.md).
  'answer_addresses.question_id',
  'weekly_question_sends.question_id',
  'weekly_questions.last_question_id',
]);

const dialect = postgresBaseUrl ? 'postgres' : 'sqlite';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-person-data-'));
// A backup of a PostgreSQL site keeps SESSION_SECRET (make-backup.ts), so the app is given one there.
const SECRET = 'ab'.repeat(32);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp(postgresBaseUrl ? { env: { SESSION_SECRET: SECRET } } : {});
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const db = () => t.deps.db as unknown as Kysely<unknown>;
const split = (key: string) => key.split('.') as [string, string];

/** Rows of `table` whose `column` is `id`, in the live database. */
async function countLive(key: string, id: number): Promise<number> {
  const [table, column] = split(key);
  const { rows } = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(db());
  return Number(rows[0]?.n);
}

async function schemaPeople(): Promise<string[]> {
  return personColumns(await readSchema(db(), dialect), NOT_A_PERSON);
}

describe('every column that names a person', () => {
  it('is listed, with what the export does with it', async () => {
    const why = 'a column that holds a person’s id is missing from PERSON_COLUMNS (or listed but gone): say what the export does with it';
    expect(await schemaPeople(), why).toEqual(Object.keys(PERSON_COLUMNS).sort());
  });

  it('a new table that names a person fails the list until it is added (a throwaway table shows it)', async () => {
    const schema: SchemaColumn[] = await readSchema(db(), dialect);
    // As if a migration had added these: one with a foreign key, one with only a name.
    const added: SchemaColumn[] = [
      { table: 'made_up_follows', column: 'follower_id', references: { table: 'users', column: 'id' } },
      { table: 'made_up_follows', column: 'followed_story', references: { table: 'stories', column: 'user_id' } },
      { table: 'made_up_notes', column: 'author_id', references: null },
      { table: 'made_up_notes', column: 'note', references: null },
    ];
    const found = personColumns([...schema, ...added], NOT_A_PERSON);
    expect(found.filter((k) => !(k in PERSON_COLUMNS))).toEqual([
      'made_up_follows.followed_story',
      'made_up_follows.follower_id',
      'made_up_notes.author_id',
    ]);
    // And read from a real table, not only a made-up schema.
    await sql`CREATE TABLE throwaway_follows (follower_id INTEGER REFERENCES users(id) ON DELETE CASCADE, reviewer_id INTEGER)`.execute(
      db(),
    );
    try {
      const real = personColumns(await readSchema(db(), dialect), NOT_A_PERSON);
      expect(real.filter((k) => !(k in PERSON_COLUMNS))).toEqual(['throwaway_follows.follower_id', 'throwaway_follows.reviewer_id']);
    } finally {
      await sql`DROP TABLE throwaway_follows`.execute(db());
    }
  });
});

describe('one person with a row behind every column that names a person', () => {
  let me: Awaited<ReturnType<typeof signedInPerson>>;
  let other: Awaited<ReturnType<typeof signedInPerson>>;
  let seeded: Seeded;
  const before = new Map<string, number>();

  beforeAll(async () => {
    me = await signedInPerson(t);
    other = await signedInPerson(t);
    const upload = await uploadPng(me.client);
    seeded = { username: me.username, otherUsername: other.username, upload };
    const ok = async (res: Promise<{ status: number; text: string }>) => {
      const r = await res;
      expect(r.status, r.text).toBeLessThan(300);
    };
    // Through the public API, as people do it (REST paths are stable): the story, its pages and revision, likes,
    // bookmarks and comments both ways, and so the events and their projections.
    await ok(me.client.post('/api/users/upload', { image: upload }));
    await ok(me.client.post('/api/stories/save', { title: 'PERSON-STORY', text: '<p>PERSON-WORDS one.</p><p>Two.</p>' }));
    await ok(other.client.post('/api/stories/save', { title: 'OTHER-STORY', text: '<p>Other words.</p>' }));
    for (const [who, whose, text] of [
      [me, other, 'PERSON-COMMENT'],
      [other, me, 'OTHER-COMMENT'],
    ] as const) {
      await ok(who.client.post('/api/users/like', { story_username: whose.username }));
      await ok(who.client.post('/api/users/save', { story_username: whose.username }));
      await ok(who.client.post('/api/comments/create', { story_username: whose.username, text }));
    }
    // Following, both ways (tRPC: no REST path follows).
    await ok(me.client.post('/trpc/follows.follow', { story_username: other.username }));
    await ok(other.client.post('/trpc/follows.follow', { story_username: me.username }));
    // A question chosen in the picker.
    await ok(me.client.post('/trpc/questions.answer', { id: 'school-001' }));
    // What no REST path makes, written as the core writes it.
    const now = Date.now();
    const d = t.deps.db;
    const link = (n: string) => ({ token_hash: `${n}-${me.id}`, user_id: me.id, created_at: now, expires_at: now + 60_000, used_at: null });
    await d.deleteFrom('drafts').where('user_id', '=', me.id).execute();
    await d
      .insertInto('drafts')
      .values({
        user_id: me.id,
        draft_version: 99,
        title: 'PERSON-DRAFT',
        unsafe_html: '<p>Draft.</p>',
        base_version: 1,
        restored_from: null,
        saved_at: now,
      })
      .execute();
    await d.insertInto('password_resets').values(link('reset')).execute();
    await d.insertInto('email_verifications').values(link('verify')).execute();
    await d
      .insertInto('email_changes')
      .values({ ...link('change'), new_email: 'new@example.com', old_email: me.email, cancel_token_hash: null, cancel_used_at: null })
      .execute();
    await d
      .insertInto('admin_setup_links')
      .values({ token_hash: `setup-${me.id}`, created_at: now, expires_at: now, used_at: now, used_by: me.id })
      .execute();
    await d.insertInto('notification_settings').values({ user_id: me.id, digest_sent_at: null }).execute();
    await d.insertInto('notification_reads').values({ user_id: me.id, group_key: '*', read_seq: 1 }).execute();
    await d
      .insertInto('blocks')
      .values([
        { blocker_id: me.id, blocked_id: other.id, created_at: now },
        { blocker_id: other.id, blocked_id: me.id, created_at: now },
      ])
      .execute();
    const report = (by: number, of: number) =>
      ({
        reporter_id: by,
        kind: 'story',
        story_user_id: of,
        comment_id: null,
        target_key: `story:${of}`,
        reason: 'spam',
        note: null,
        created_at: now,
        closed_at: null,
      }) as const;
    await d
      .insertInto('reports')
      .values([report(me.id, other.id), report(other.id, me.id)])
      .execute();
    const action = (admin: number, of: number) =>
      ({ admin_id: admin, action: 'suspend', target_kind: 'account', target_user_id: of, target_id: of, reason: 'test', at: now }) as const;
    await d
      .insertInto('moderation_actions')
      .values([action(me.id, other.id), action(other.id, me.id)])
      .execute();
    // The circle, as people make it: the person invites a reader, whose device opens the link (a pass of theirs);
    // the other person invites the person, who opens that link signed in (joining it). A share key, as the core keeps it.
    const linkOf = async (to: string) => (await settle(t, to, 1))[0]?.text?.match(/\/r\/([A-Za-z0-9_-]{43})/)?.[1];
    await ok(me.client.post('/trpc/circle.invite', { readers: [{ email: 'person-reader@example.org', name: 'PERSON-READER' }] }));
    await ok(other.client.post('/trpc/circle.invite', { readers: [{ email: me.email, name: 'OTHER-READER' }] }));
    expect((await t.app.request(`http://localhost/r/${await linkOf('person-reader@example.org')}`)).status).toBe(303);
    const joining = await t.app.request(`http://localhost/r/${await linkOf(me.email)}`, { headers: { cookie: me.client.cookie ?? '' } });
    expect(joining.status).toBe(303);
    const key = await d
      .insertInto('story_share_keys')
      .values({ user_id: me.id, share_key: `key-${me.id}-0123456789`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await d
      .insertInto('reader_passes')
      .values({
        token_hash: `link-pass-${me.id}`,
        owner_id: me.id,
        member_id: null,
        share_key_id: key.id,
        created_at: now,
      })
      .execute();
    // A question email's reply address, as the weekly email makes one, and the receipt of an answer to it.
    await replyAddressFor(t.deps, me.id, { questionId: 'person-data', questionText: 'PERSON-QUESTION' });
    await d
      .insertInto('answer_receipts')
      .values({ user_id: me.id, receipt_key: `answer:${me.id}`, received_at: now })
      .execute();
    // The weekly question, on, and one sent.
    await ok(me.client.post('/trpc/weeklyQuestion.set', { day: 2, minute: 600, time_zone: 'Europe/London' }));
    await d.insertInto('weekly_question_sends').values({ user_id: me.id, question_id: 'roots-001', sent_at: now }).execute();
    // A question the person asked the other writer, and one the other asked them.
    for (const [writer, asker] of [
      [other.id, me.id],
      [me.id, other.id],
    ]) {
      await d
        .insertInto('asked_questions')
        .values({
          writer_id: writer!,
          asker_id: asker!,
          text: 'PERSON-ASKED',
          state: 'open',
          asked_at: now,
          answered_at: null,
          told_at: null,
        })
        .execute();
    }
    await d
      .insertInto('kept_drafts')
      .values({ user_id: me.id, title: 'PERSON-KEPT', unsafe_html: '<p>Kept.</p>', word_count: 1, kept_at: now, reason: 'import' })
      .execute();
    await d
      .insertInto('developer_tokens')
      .values({
        user_id: me.id,
        token_hash: `token-${me.id}`,
        hint: 'abcdefgh',
        name: 'PERSON-TOKEN',
        scopes: 'read',
        created_at: now,
        expires_at: null,
        last_used_at: now,
      })
      .execute();
    await t.deps.projector.drain();
    for (const key of Object.keys(PERSON_COLUMNS)) before.set(key, await countLive(key, me.id));
  });

  it('has a row in every such column (a new column needs one here)', () => {
    expect([...before].filter(([, n]) => n === 0).map(([key]) => key)).toEqual([]);
  });

  it('finds each in their data export, or it is listed with why not', async () => {
    const res = await t.app.request('http://localhost/account/my-data.zip', { headers: { cookie: me.client.cookie ?? '' } });
    expect(res.status).toBe(200);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    const json = (file: string) => {
      const entry = entries.find((e) => e.name === `${EXPORT_FOLDER}/${file}`);
      const parsed: unknown = entry ? JSON.parse(entry.data.toString('utf8')) : null;
      return (Array.isArray(parsed) ? parsed : parsed === null ? [] : [parsed]) as Exported[];
    };
    const missing = Object.entries(PERSON_COLUMNS)
      .filter(([, h]) => 'file' in h.export && !h.export.has(json(h.export.file), seeded))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    expect(entries.some((e) => e.name === `${EXPORT_FOLDER}/files/${seeded.upload}`)).toBe(true);
  });

  it('finds every row, and their file, in a backup', async () => {
    const store = new FsBackupStore(path.join(scratch, 'backups'));
    const manifest = await makeBackup(backupSourcesOf(t.config, { blobs: t.deps.blobs, store, clock: t.deps.clock }), { keep: 1 });
    expect(manifest.uploads.map((u) => u.name)).toContain(seeded.upload);
    const copy = new BetterSqlite3(path.join(scratch, 'backups', manifest.id, DATABASE_FILE), { readonly: true });
    try {
      const inCopy = Object.fromEntries(
        Object.keys(PERSON_COLUMNS).map((key) => {
          const [table, column] = split(key);
          return [key, Number(copy.prepare(`SELECT count(*) FROM "${table}" WHERE "${column}" = ?`).pluck().get(me.id))];
        }),
      );
      expect(inCopy).toEqual(Object.fromEntries(before));
    } finally {
      copy.close();
    }
  });

  it('leaves no row naming them once the account is deleted, but where it says why', async () => {
    const res = await me.client.delete('/api/users/delete');
    expect(res.status, res.text).toBe(200);
    await t.deps.projector.drain();
    const left: Record<string, number> = {};
    for (const key of Object.keys(PERSON_COLUMNS)) {
      const n = await countLive(key, me.id);
      if (n) left[key] = n;
    }
    const kept = Object.fromEntries(
      Object.entries(PERSON_COLUMNS)
        .filter(([, h]) => h.keptAfterDeletion)
        .map(([key, h]) => [key, h.keptAfterDeletion?.rows === 'all' ? before.get(key) : h.keptAfterDeletion?.rows]),
    );
    expect(left).toEqual(kept);
    const events = await t.deps.db
      .selectFrom('events')
      .select('type')
      .where((eb) => eb.or([eb('actor_id', '=', me.id), eb('subject_id', '=', me.id)]))
      .execute();
    expect(events).toEqual([{ type: 'account_deleted' }]);
    // The other person's rows stay.
    expect(await countLive('users.id', other.id)).toBe(1);
  });
});
