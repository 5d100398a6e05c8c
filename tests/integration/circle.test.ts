// The circle over HTTP (docs/decisions/0026-who-can-read-a-story.md): a writer invites people by email (the embedded
// outbox), each opens their personal link `/r/<token>` and gets a reader pass on that device, an account opening it
// (or signing in afterwards on that device) joins the invitation, the writer lists, resends and removes; removal
// ends every pass and the account's membership at once. Bad input gets a clear 4xx, too many invitations a 429.
// Runs on SQLite (server) and PostgreSQL (server-pg).
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/contract/limits';
import { canReadStory } from '../../server/src/core/access/story-access';
import { forgetCircleReads, noteCircleRead } from '../../server/src/core/circle/last-read';
import { PASSES_PER_READER } from '../../server/src/core/circle/open-invitation';
import { INVITATION_INVALID, NOT_AVAILABLE_NOW, NOT_PUBLISHED_YET } from '../../server/src/transport/http/invitation-route';
import { FakeClock } from '../support/fake-clock';
import { from, personFrom } from '../support/limited-app';
import { settle } from '../support/outbox';
import { type RunningSmtp, startSmtpServer } from '../support/smtp-server';
import {
  makeTestApp,
  ORIGIN,
  person,
  signedInPerson,
  storyHtml,
  type TestApp,
  type TestClient,
  type TestResponse,
} from '../support/test-app';

type Person = Awaited<ReturnType<typeof signedInPerson>>;

const invite = (c: TestClient, readers: unknown, init?: RequestInit) => c.post('/trpc/circle.invite', { readers }, init);
const list = async (c: TestClient) => {
  const res = await c.get('/trpc/circle.list');
  expect(res.status, res.text).toBe(200);
  return res.body.result.data.readers as { id: number; name: string; email: string; joined: boolean; last_read_at: string | null }[];
};
const errorOf = (res: TestResponse) => ({ status: res.status, message: res.body?.error?.message as string });
const linkIn = (m: ParsedMail) => m.text?.match(/\/r\/([A-Za-z0-9_-]{43})\b/)?.[1];

/** A browser: every cookie the site sets (the session and the reader pass), sent back with each request. */
class Device {
  jar = new Map<string, string>();
  constructor(private readonly t: TestApp) {}
  async get(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.t.app.request(`${ORIGIN}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value && !/max-age=0/i.test(line)) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return res;
  }
  /** The reader pass tokens this device holds. */
  passTokens(): string[] {
    return (this.jar.get('reader_pass') ?? '').split('.').filter(Boolean);
  }
  /** As a signed-in person on this device. */
  signIn(p: Person) {
    this.jar.set('access_token', p.client.cookie!.split('=')[1]!);
  }
}

describe('the circle', () => {
  let t: TestApp;
  const clock = new FakeClock(Date.now());
  let writer: Person;
  let stranger: Person;
  beforeAll(async () => {
    t = await makeTestApp({ clock });
    writer = await signedInPerson(t, { username: 'margaret_w', first_name: 'Margaret', last_name: 'Wells' });
    stranger = await signedInPerson(t);
    expect((await writer.client.post('/api/stories/save', { title: 'Under the Linden Tree', text: storyHtml(3) })).status).toBe(201);
    await t.deps.db.updateTable('stories').set({ audience: 'circle' }).where('user_id', '=', writer.id).execute();
  });
  afterAll(async () => t?.close());

  const canRead = (reader: { userId?: number | null; passTokens?: string[] }, ownerId = writer.id) =>
    canReadStory(t.deps.db, { userId: reader.userId ?? null, passTokens: reader.passTokens ?? [] }, ownerId);

  it('invites by email: who invites, the title, one personal link from the site origin; only its hash is stored', async () => {
    const res = await invite(writer.client, [
      { email: 'Grandson@Example.org', name: 'Tom' },
      { email: 'niece@example.org', name: ' Lucy  Wells ' },
    ]);
    expect(res.status, res.text).toBe(200);
    const { invited, not_sent } = res.body.result.data;
    expect(not_sent).toEqual([]);
    expect(invited.map((r: { email: string; name: string; joined: boolean }) => [r.email, r.name, r.joined])).toEqual([
      ['grandson@example.org', 'Tom', false],
      ['niece@example.org', 'Lucy Wells', false],
    ]);
    const [mail] = await settle(t, 'grandson@example.org', 1);
    expect(mail!.subject).toBe('Margaret Wells (margaret_w) invites you to read “Under the Linden Tree”');
    expect(mail!.text).toContain('Dear Tom,');
    expect(mail!.text).toContain(`${ORIGIN}/r/${linkIn(mail!)}`);
    expect(mail!.html).toContain(`<a href="${ORIGIN}/r/${linkIn(mail!)}">`);
    expect(mail!.html).not.toMatch(/<img/i);
    const rows = await t.deps.db.selectFrom('circle_members').selectAll().where('owner_id', '=', writer.id).execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.invite_token_hash).not.toContain(linkIn(mail!)!);
    // Events carry ids only: no name, no address.
    const events = await t.deps.db.selectFrom('events').select(['type', 'payload']).where('type', '=', 'reader_invited').execute();
    expect(events).toHaveLength(2);
    for (const e of events) expect(Object.keys(JSON.parse(e.payload)).sort()).toEqual(['member_id', 'user_id']);
  });

  it('the link gives this device a pass and opens page 1; the pass reads the circle story, nobody else does', async () => {
    const [mail] = await settle(t, 'grandson@example.org', 1);
    const phone = new Device(t);
    const res = await phone.get(`/r/${linkIn(mail!)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/story/margaret_w/page/1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('reader_pass='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Number(cookie.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThan(300 * 24 * 60 * 60);
    expect(phone.passTokens()).toHaveLength(1);
    expect(await canRead({ passTokens: phone.passTokens() })).toBe(true);
    expect(await canRead({})).toBe(false);
    expect(await canRead({ userId: stranger.id })).toBe(false);
    expect(await canRead({ passTokens: ['x'.repeat(43)] })).toBe(false);
  });

  it('a link that is made up, or not a token at all, gets a kind page, not JSON', async () => {
    for (const token of ['A'.repeat(43), 'nonsense', '%00']) {
      const res = await new Device(t).get(`/r/${token}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toContain(INVITATION_INVALID);
    }
  });

  it('several writers’ passes live on one device, and a reader keeps a bounded number of devices', async () => {
    const other = await signedInPerson(t, { username: 'uncle_bert' });
    expect((await other.client.post('/api/stories/save', { title: 'Bert’s boats', text: storyHtml(1) })).status).toBe(201);
    await t.deps.db.updateTable('stories').set({ audience: 'circle' }).where('user_id', '=', other.id).execute();
    expect((await invite(other.client, [{ email: 'grandson@example.org', name: 'Tommy' }])).status).toBe(200);
    const [fromWriter] = await settle(t, 'grandson@example.org', 1);
    const mails = await settle(t, 'grandson@example.org', 2);
    const tablet = new Device(t);
    await tablet.get(`/r/${linkIn(fromWriter!)}`);
    await tablet.get(`/r/${linkIn(mails[1]!)}`);
    expect(tablet.passTokens()).toHaveLength(2);
    expect(await canRead({ passTokens: tablet.passTokens() }, writer.id)).toBe(true);
    expect(await canRead({ passTokens: tablet.passTokens() }, other.id)).toBe(true);
    // Opening the link again and again (a forwarded link, a mail scanner) keeps at most PASSES_PER_READER passes.
    for (let i = 0; i < PASSES_PER_READER + 3; i++) await new Device(t).get(`/r/${linkIn(fromWriter!)}`);
    const member = await t.deps.db
      .selectFrom('circle_members')
      .select('id')
      .where('owner_id', '=', writer.id)
      .where('email', '=', 'grandson@example.org')
      .executeTakeFirstOrThrow();
    const passes = await t.deps.db.selectFrom('reader_passes').select('id').where('member_id', '=', member.id).execute();
    expect(passes).toHaveLength(PASSES_PER_READER);
  });

  it('before the story is published the link says so kindly, and the pass works once it is', async () => {
    const early = await signedInPerson(t, { username: 'early_writer' });
    expect((await invite(early.client, [{ email: 'early-reader@example.org', name: 'Pat' }])).status).toBe(200);
    const [mail] = await settle(t, 'early-reader@example.org', 1);
    expect(mail!.subject).toBe('Ada Lovelace (early_writer) invites you to read their story on Life Story');
    const device = new Device(t);
    const res = await device.get(`/r/${linkIn(mail!)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(NOT_PUBLISHED_YET);
    expect(device.passTokens()).toHaveLength(1);
    expect((await early.client.post('/api/stories/save', { title: 'Soon', text: storyHtml(1) })).status).toBe(201);
    await t.deps.db.updateTable('stories').set({ audience: 'circle' }).where('user_id', '=', early.id).execute();
    expect(await canRead({ passTokens: device.passTokens() }, early.id)).toBe(true);
    // Kept to the writer for now: the link says so rather than opening a page that is not there.
    await t.deps.db.updateTable('stories').set({ audience: 'only_me' }).where('user_id', '=', early.id).execute();
    const kept = await new Device(t).get(`/r/${linkIn(mail!)}`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain(NOT_AVAILABLE_NOW);
  });

  it('a signed-in person opening the link joins the invitation: their account reads on any device', async () => {
    const niece = await signedInPerson(t, { username: 'lucy_w', dob: '2012-01-01' }).catch(() => undefined);
    // The minimum age is the accounts' rule: a twelve-year-old cannot register, yet reads with the link alone.
    expect(niece).toBeUndefined();
    const adult = await signedInPerson(t, { username: 'lucy_adult' });
    const [mail] = await settle(t, 'niece@example.org', 1);
    const laptop = new Device(t);
    laptop.signIn(adult);
    expect((await laptop.get(`/r/${linkIn(mail!)}`)).status).toBe(303);
    expect(await canRead({ userId: adult.id })).toBe(true);
    const lucy = (await list(writer.client)).find((r) => r.email === 'niece@example.org')!;
    expect(lucy.joined).toBe(true);
    const joined = await t.deps.db.selectFrom('events').select('payload').where('type', '=', 'reader_joined').execute();
    expect(joined.map((e) => JSON.parse(e.payload))).toEqual([{ user_id: adult.id, story_user_id: writer.id, member_id: lucy.id }]);
    // The writer opening their own reader's link joins nothing.
    const before = await t.deps.db
      .selectFrom('circle_members')
      .select('joined_user_id')
      .where('id', '=', lucy.id)
      .executeTakeFirstOrThrow();
    const own = new Device(t);
    own.signIn(writer);
    await own.get(`/r/${linkIn(mail!)}`);
    const after = await t.deps.db.selectFrom('circle_members').select('joined_user_id').where('id', '=', lucy.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('lists the circle with last read, noted at most once a minute', async () => {
    forgetCircleReads();
    const [mail] = await settle(t, 'grandson@example.org', 1);
    const phone = new Device(t);
    await phone.get(`/r/${linkIn(mail!)}`);
    const reader = { userId: null, passTokens: phone.passTokens() };
    noteCircleRead(t.deps, reader, writer.id);
    const tom = async () => (await list(writer.client)).find((r) => r.email === 'grandson@example.org')!;
    await expect.poll(async () => (await tom()).last_read_at).toBe(new Date(clock.now()).toISOString());
    const first = clock.now();
    clock.advance(20_000);
    noteCircleRead(t.deps, reader, writer.id); // within the minute: nothing written
    await new Promise((r) => setTimeout(r, 50));
    expect((await tom()).last_read_at).toBe(new Date(first).toISOString());
    clock.advance(60_000);
    noteCircleRead(t.deps, reader, writer.id);
    await expect.poll(async () => (await tom()).last_read_at).toBe(new Date(clock.now()).toISOString());
  });

  it('sending again makes a new link and ends the old one; passes already given stay', async () => {
    const tom = (await list(writer.client)).find((r) => r.email === 'grandson@example.org')!;
    const [oldMail] = await settle(t, 'grandson@example.org', 1);
    const kept = new Device(t);
    await kept.get(`/r/${linkIn(oldMail!)}`);
    const before = (await settle(t, 'grandson@example.org', 2)).length;
    const res = await writer.client.post('/trpc/circle.resend', { id: tom.id });
    expect(res.status, res.text).toBe(200);
    const mails = await settle(t, 'grandson@example.org', before + 1);
    const newMail = mails[mails.length - 1]!;
    expect(linkIn(newMail)).not.toBe(linkIn(oldMail!));
    expect((await new Device(t).get(`/r/${linkIn(oldMail!)}`)).status).toBe(404);
    expect((await new Device(t).get(`/r/${linkIn(newMail)}`)).status).toBe(303);
    expect(await canRead({ passTokens: kept.passTokens() })).toBe(true);
  });

  it('removing a reader ends their access at once: every pass, and the account joined to it', async () => {
    const readers = await list(writer.client);
    const lucy = readers.find((r) => r.email === 'niece@example.org')!;
    const [mail] = await settle(t, 'niece@example.org', 1);
    const phone = new Device(t);
    await phone.get(`/r/${linkIn(mail!)}`);
    const account = await t.deps.db
      .selectFrom('circle_members')
      .select('joined_user_id')
      .where('id', '=', lucy.id)
      .executeTakeFirstOrThrow();
    expect(await canRead({ passTokens: phone.passTokens() })).toBe(true);
    expect(await canRead({ userId: account.joined_user_id })).toBe(true);

    const res = await writer.client.post('/trpc/circle.remove', { id: lucy.id });
    expect(res.status, res.text).toBe(200);
    expect(await canRead({ passTokens: phone.passTokens() })).toBe(false);
    expect(await canRead({ userId: account.joined_user_id })).toBe(false);
    expect(await t.deps.db.selectFrom('reader_passes').select('id').where('member_id', '=', lucy.id).execute()).toEqual([]);
    expect((await list(writer.client)).map((r) => r.email)).not.toContain('niece@example.org');
    expect((await new Device(t).get(`/r/${linkIn(mail!)}`)).status).toBe(404);
    const removed = await t.deps.db.selectFrom('events').select('payload').where('type', '=', 'reader_removed').execute();
    expect(removed.map((e) => JSON.parse(e.payload))).toEqual([{ user_id: writer.id, member_id: lucy.id }]);
  });

  it('deleting a joined account unjoins it (the invitation stays the writer’s); deleting the writer ends the circle', async () => {
    const cousinWriter = await signedInPerson(t);
    const cousin = await signedInPerson(t);
    expect((await invite(cousinWriter.client, [{ email: 'cousin@example.org', name: 'Cousin' }])).status).toBe(200);
    const [mail] = await settle(t, 'cousin@example.org', 1);
    const device = new Device(t);
    device.signIn(cousin);
    await device.get(`/r/${linkIn(mail!)}`);
    expect((await list(cousinWriter.client))[0]!.joined).toBe(true);
    expect((await cousin.client.delete('/api/users/delete')).status).toBe(200);
    expect((await list(cousinWriter.client))[0]!.joined).toBe(false);
    const scrubbed = await t.deps.db.selectFrom('events').select('payload').where('type', '=', 'reader_joined').execute();
    expect(scrubbed.map((e) => JSON.parse(e.payload).user_id)).not.toContain(cousin.id);

    expect((await cousinWriter.client.delete('/api/users/delete')).status).toBe(200);
    expect(await t.deps.db.selectFrom('circle_members').select('id').where('owner_id', '=', cousinWriter.id).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('reader_passes').select('id').where('owner_id', '=', cousinWriter.id).execute()).toEqual([]);
    const events = await t.deps.db
      .selectFrom('events')
      .select('type')
      .where((eb) => eb.or([eb('actor_id', '=', cousinWriter.id), eb('subject_id', '=', cousinWriter.id)]))
      .execute();
    expect(events).toEqual([{ type: 'account_deleted' }]);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const cases: [unknown, number, string][] = [
      [[], 400, 'Add at least one reader.'],
      [undefined, 400, 'Add at least one reader.'],
      ['x', 400, 'readers must be a list.'],
      [
        Array.from({ length: LIMITS.circleInviteMax + 1 }, (_, i) => ({ email: `p${i}@example.org`, name: 'P' })),
        400,
        `You can invite at most ${LIMITS.circleInviteMax} people at a time.`,
      ],
      [[{ email: 'not-an-address', name: 'X' }], 400, 'Please enter a valid email address.'],
      [[{ email: 'x@example.org' }], 400, 'Give each reader a name.'],
      [[{ email: 'x@example.org', name: '\u200b' }], 400, 'A name must have visible characters.'],
      [
        [
          { email: 'twice@example.org', name: 'A' },
          { email: 'TWICE@example.org', name: 'B' },
        ],
        400,
        'twice@example.org is in the list twice.',
      ],
      [[{ email: writer.email.toUpperCase(), name: 'Me' }], 400, 'That is your own address: you can always read your own story.'],
      [
        [{ email: 'grandson@example.org', name: 'Tom again' }],
        409,
        'grandson@example.org is already in your circle: use “Send again” to send a new link.',
      ],
    ];
    for (const [readers, status, message] of cases) {
      const res = await invite(writer.client, readers);
      expect(errorOf(res), JSON.stringify(readers)).toEqual({ status, message });
    }
    const field = await invite(writer.client, [
      { email: 'fine@example.org', name: 'F' },
      { email: 'bad@', name: 'B' },
    ]);
    expect(field.body.error.data.fieldErrors).toEqual({ 'readers.1.email': 'Please enter a valid email address.' });
    expect(errorOf(await writer.client.post('/trpc/circle.resend', { id: 999_999 }))).toEqual({
      status: 404,
      message: 'No such reader in your circle.',
    });
    expect(errorOf(await writer.client.post('/trpc/circle.remove', { id: 'one' }))).toEqual({
      status: 400,
      message: 'id must be a number.',
    });
    // Someone else's reader is no reader of yours.
    const theirs = (await list(writer.client))[0]!;
    expect((await stranger.client.post('/trpc/circle.remove', { id: theirs.id })).status).toBe(404);
    expect((await stranger.client.post('/trpc/circle.resend', { id: theirs.id })).status).toBe(404);
    // Signed out: 401.
    expect((await invite(t.client(), [{ email: 'a@example.org', name: 'A' }])).status).toBe(401);
    expect((await t.client().get('/trpc/circle.list')).status).toBe(401);
    expect(
      await t.deps.db.selectFrom('circle_members').select('email').where('email', 'in', ['fine@example.org', 'p0@example.org']).execute(),
    ).toEqual([]);
  });

  it('a circle holds at most circleReadersMax readers', async () => {
    const big = await signedInPerson(t);
    const now = clock.now();
    await t.deps.db
      .insertInto('circle_members')
      .values(
        Array.from({ length: LIMITS.circleReadersMax - 1 }, (_, i) => ({
          owner_id: big.id,
          email: `r${i}@example.org`,
          name: 'R',
          invite_token_hash: `made-up-${big.id}-${i}`,
          invited_at: now,
          joined_user_id: null,
          joined_at: null,
          last_read_at: null,
        })),
      )
      .execute();
    const res = await invite(big.client, [
      { email: 'one@example.org', name: 'One' },
      { email: 'two@example.org', name: 'Two' },
    ]);
    expect(errorOf(res)).toEqual({
      status: 409,
      message: `A circle can hold at most ${LIMITS.circleReadersMax} readers. Remove someone first.`,
    });
    expect((await invite(big.client, [{ email: 'one@example.org', name: 'One' }])).status).toBe(200);
  });
});

describe('the whole path, through both transports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t?.close());

  const storyOf = async (c: TestClient) => (await c.post('/api/stories/story', { username: 'nan_writes' })).body?.data ?? null;
  const trpcStory = async (c: TestClient) => {
    const res = await c.get(`/trpc/stories.get?input=${encodeURIComponent(JSON.stringify({ username: 'nan_writes' }))}`);
    expect(res.status, res.text).toBe(200);
    return res.body.result.data;
  };
  const page1 = (c: TestClient) =>
    c.get(`/trpc/stories.page?input=${encodeURIComponent(JSON.stringify({ username: 'nan_writes', page_number: 1 }))}`);

  it('invite, open the link, read with the pass, join with an account, then removal ends both', async () => {
    const nan = await signedInPerson(t, { username: 'nan_writes', first_name: 'Nan', last_name: 'Pryce' });
    expect((await nan.client.post('/api/stories/save', { title: 'The mill house', text: storyHtml(2) })).status).toBe(201);
    const set = await nan.client.post('/trpc/stories.setAudience', { audience: 'circle' });
    expect(set.status, set.text).toBe(200);
    const anonymous = t.client();
    expect(await storyOf(anonymous)).toBeNull();

    expect((await invite(nan.client, [{ email: 'grandchild@example.org', name: 'Jo' }])).status).toBe(200);
    const [mail] = await settle(t, 'grandchild@example.org', 1);
    const phone = t.client();
    const opened = await phone.get(`/r/${linkIn(mail!)}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/story/nan_writes/page/1');
    // Reading with the pass alone: both transports, no account.
    expect((await storyOf(phone))?.title).toBe('The mill house');
    expect((await trpcStory(phone))?.title).toBe('The mill house');
    const page = await page1(phone);
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    // Reading notes "last read" for the writer (after the answer).
    await expect.poll(async () => (await list(nan.client))[0]!.last_read_at).not.toBeNull();
    // A pass reads, but liking and commenting take an account.
    expect((await phone.post('/api/users/like', { story_username: 'nan_writes' })).status).toBe(401);

    // Making an account on that device and signing in joins the invitation.
    const fields = { ...person(), dob: '2000-02-02' };
    expect((await phone.post('/api/auth/register', fields)).status).toBe(201);
    expect((await phone.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(200);
    expect((await list(nan.client))[0]!.joined).toBe(true);
    // Their account reads, likes and comments from another device, with no pass there.
    const laptop = t.client();
    expect((await laptop.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(200);
    expect(laptop.passCookie).toBeNull();
    expect((await storyOf(laptop))?.title).toBe('The mill house');
    expect((await laptop.post('/trpc/social.like', { story_username: 'nan_writes', on: true })).status).toBe(200);
    expect((await laptop.post('/trpc/social.comment', { story_username: 'nan_writes', text: 'I remember the mill!' })).status).toBe(200);

    // Removed: the pass and the account both read "no such story", at once.
    const jo = (await list(nan.client))[0]!;
    expect((await nan.client.post('/trpc/circle.remove', { id: jo.id })).status).toBe(200);
    const passOnly = t.client();
    passOnly.passCookie = phone.passCookie;
    for (const c of [passOnly, phone, laptop]) {
      expect(await storyOf(c)).toBeNull();
      expect(await trpcStory(c)).toBeNull();
      const gone = await page1(c);
      expect(gone.status).toBe(404);
    }
    const bookmark = await laptop.post('/trpc/social.bookmark', { story_username: 'nan_writes', on: true });
    expect(errorOf(bookmark)).toEqual({ status: 404, message: 'Story not found.' });
    const comment = await laptop.post('/api/comments/create', { story_username: 'nan_writes', text: 'Still here?' });
    expect(comment.status).toBe(404);
    expect(comment.body.message ?? comment.body.error).toMatch(/Story not found\./);
  });
});

describe('invitation limits', () => {
  let t: TestApp;
  // A tenth of the budgets: 3 emails an hour, 10 a day.
  beforeAll(async () => {
    t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  it('counts each email against the hour, refuses a list that does not fit whole, and answers 429 with the wait', async () => {
    const w = await personFrom(t);
    const hour = t.config.rateLimits.circleInvitePerAccountHour.points;
    expect(hour).toBe(3);
    const ok = await invite(
      w.client,
      [
        { email: 'a@example.org', name: 'A' },
        { email: 'b@example.org', name: 'B' },
      ],
      from(w.ip),
    );
    expect(ok.status, ok.text).toBe(200);
    const tooMany = await invite(
      w.client,
      [
        { email: 'c@example.org', name: 'C' },
        { email: 'd@example.org', name: 'D' },
      ],
      from(w.ip),
    );
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.message).toMatch(/^Too many invitations in an hour\. Please try again in \d+ minutes\.$/);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing of the refused list was spent or sent: one more still fits.
    expect((await invite(w.client, [{ email: 'c@example.org', name: 'C' }], from(w.ip))).status).toBe(200);
    const readers = await list(w.client);
    expect(readers.map((r) => r.email)).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    // Sending again is an email too.
    const again = await w.client.post('/trpc/circle.resend', { id: readers[0]!.id }, from(w.ip));
    expect(again.status).toBe(429);
    // Another writer has a budget of their own.
    const other = await personFrom(t);
    expect((await invite(other.client, [{ email: 'a@example.org', name: 'A' }], from(other.ip))).status).toBe(200);
  });

  it('and against the client: several new accounts on one network share a budget', async () => {
    const shared = '203.0.113.77';
    const perClient = t.config.rateLimits.circleInvitePerClient.points;
    expect(perClient).toBe(10);
    let sent = 0;
    for (let i = 0; sent < perClient - 1; i++) {
      const w = await personFrom(t);
      const n = Math.min(3, perClient - 1 - sent);
      const readers = Array.from({ length: n }, (_, j) => ({ email: `n${i}-${j}@example.org`, name: 'N' }));
      expect((await invite(w.client, readers, from(shared))).status).toBe(200);
      sent += n;
    }
    const last = await personFrom(t);
    const res = await invite(
      last.client,
      [
        { email: 'x@example.org', name: 'X' },
        { email: 'y@example.org', name: 'Y' },
      ],
      from(shared),
    );
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^Too many invitations from your network\./);
    // The refused list cost this account nothing: from another network it goes through.
    expect(
      (
        await invite(
          last.client,
          [
            { email: 'x@example.org', name: 'X' },
            { email: 'y@example.org', name: 'Y' },
          ],
          from('203.0.113.78'),
        )
      ).status,
    ).toBe(200);
  });

  it('and against the day', async () => {
    const w = await personFrom(t);
    const day = t.config.rateLimits.circleInvitePerAccountDay.points;
    expect(day).toBe(10);
    // As if the rest of the day's invitations had gone out over the last hours.
    for (let i = 0; i < day - 1; i++) await t.deps.limiter.consume('circleInvitePerAccountDay', String(w.id));
    const res = await invite(
      w.client,
      [
        { email: 'a@example.org', name: 'A' },
        { email: 'b@example.org', name: 'B' },
      ],
      from(w.ip),
    );
    expect(res.status).toBe(429);
    expect(res.body.error.message).toMatch(/^Too many invitations in a day\. Please try again in \d+ minutes\.$/);
    expect((await invite(w.client, [{ email: 'a@example.org', name: 'A' }], from(w.ip))).status).toBe(200);
  });
});

describe('invitation links come from the site origin, never from Host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ALLOWED_HOSTS: 'alias.example' } });
  });
  afterAll(async () => t?.close());

  it('a request under another of the site’s names still mails the site’s own origin', async () => {
    const w = await signedInPerson(t);
    const res = await t.app.request('http://alias.example/trpc/circle.invite', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: w.client.cookie! },
      body: JSON.stringify({ readers: [{ email: 'far@example.org', name: 'Far' }] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [mail] = await settle(t, 'far@example.org', 1);
    expect(mail!.text).toContain(`${ORIGIN}/r/`);
    expect(mail!.text).not.toContain('alias.example');
  });
});

describe('when the mail server refuses', () => {
  let t: TestApp;
  const sent: string[] = [];
  const logged: string[] = [];
  beforeAll(async () => {
    t = await makeTestApp({
      log: (m) => logged.push(m),
      mailer: {
        name: 'flaky',
        async send(m) {
          if (m.to.startsWith('bounce')) throw new Error('550 no such mailbox');
          sent.push(m.to);
        },
        async close() {},
      },
    });
  });
  afterAll(async () => t?.close());

  it('the readers are in the circle, and the answer names the addresses to send again', async () => {
    const w = await signedInPerson(t);
    const res = await invite(w.client, [
      { email: 'bounce@example.org', name: 'B' },
      { email: 'fine@example.org', name: 'F' },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.not_sent).toEqual(['bounce@example.org']);
    expect(sent).toEqual(['fine@example.org']);
    expect((await list(w.client)).map((r) => r.email)).toEqual(['bounce@example.org', 'fine@example.org']);
    expect(logged.join('\n')).toMatch(/Could not send a circle invitation \(reader \d+ of account \d+\): 550 no such mailbox/);
    expect(logged.join('\n')).not.toContain('bounce@example.org');
  });
});

describe('through a real SMTP server, with PUBLIC_ORIGIN', () => {
  let t: TestApp;
  let smtp: RunningSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await makeTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Life Story <hello@stories.example>', PUBLIC_ORIGIN: 'https://stories.example' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('the invitation is handed to the SMTP server, its link on the public origin, and opens for the reader', async () => {
    const w = await signedInPerson(t, { username: 'smtp_writer' });
    expect((await w.client.post('/api/stories/save', { title: 'Letters', text: storyHtml(1) })).status).toBe(201);
    const res = await invite(w.client, [{ email: 'aunt@example.org', name: 'Aunt May' }]);
    expect(res.status, res.text).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo).toEqual(['aunt@example.org']);
    expect(mail!.text).toMatch(/https:\/\/stories\.example\/r\/[A-Za-z0-9_-]{43}\b/);
    expect(mail!.html).toContain('<a href="https://stories.example/r/');
    const opened = await new Device(t).get(`/r/${linkIn(mail!)}`);
    expect(opened.status).toBe(303);
  });
});
