// Moderation (issue #16, docs/decisions/0020-moderation.md) through the real HTTP surface and tRPC callers over a real
// SQLite file: roles (and that no body can set one), reports and their limits, hiding, deleting, suspending, the log,
// blocking, and that only admins reach the admin procedures.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../server/src/demo/make';
import { makeAdmin } from '../support/admin';
import { settle } from '../support/outbox';
import { makeTestApp, person, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
const as = (p: { id: number }) => t.caller(p.id);
const visitor = () => t.caller(null);

async function expectCode(p: Promise<unknown>, code: TRPCError['code'], message?: string | RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected ${code}`).toBeInstanceOf(TRPCError);
  expect((err as TRPCError).code).toBe(code);
  if (message !== undefined) expect((err as TRPCError).message).toMatch(message);
}

let admin: Person;
let author: Person;
let reader: Person;
let other: Person;

beforeAll(async () => {
  t = await makeTestApp({ env: { ADMIN_EMAILS: 'Named.Admin@Example.com' } });
  // The owner made this account the admin (as `npm run admin -- --email` does): registering makes none.
  admin = await makeAdmin(t, await signedInPerson(t, { username: 'site_admin' }));
  author = await signedInPerson(t, { username: 'mod_author' });
  reader = await signedInPerson(t, { username: 'mod_reader' });
  other = await signedInPerson(t, { username: 'mod_other' });
  await as(author).stories.publish({ title: 'Zanzibar summers', text: storyHtml(2) });
  await as(other).stories.publish({ title: 'Quiet orchards', text: storyHtml(1) });
});
afterAll(() => t.close());

const ref = (p: { username: string }) => ({ story_username: p.username });
const storyTarget = (p: { username: string }) => ({ kind: 'story' as const, story_username: p.username });
const commentTarget = (comment_id: number) => ({ kind: 'comment' as const, comment_id });
const commentIds = async (story: { username: string }, viewer: { id: number } | null = null) =>
  (await t.caller(viewer?.id ?? null).social.comments({ ...ref(story), page: 1, limit: 50 })).map((c) => c.comment_id);
const newList = async () => (await visitor().explore.new({ page: 1, limit: 50 })).map((i) => i.username);
const topList = async () => (await visitor().explore.top({ window: 'all', page: 1, limit: 50 })).map((i) => i.username);
const found = async (text: string, kind: 'all' | 'stories' | 'users' = 'all') =>
  (await visitor().explore.search({ text, kind })).map((i) => i.username);

describe('roles', () => {
  it('the account the owner made admin is one, others are not; ADMIN_EMAILS adds admins, ignoring case, once verified', async () => {
    expect(await as(admin).moderation.access()).toEqual({ admin: true });
    expect(await as(author).moderation.access()).toEqual({ admin: false });
    expect(await visitor().moderation.access()).toEqual({ admin: false });
    const named = await signedInPerson(t, { email: 'named.admin@example.com' });
    // Not before the link mailed to the address is opened (issue #23; tests/integration/admin-roles.test.ts).
    expect(await as(named).moderation.access()).toEqual({ admin: false });
    const [mail] = await settle(t, 'named.admin@example.com', 1);
    const token = mail!.text!.match(/\/verify-email#token=([A-Za-z0-9_-]{43})/)![1]!;
    await visitor().emailVerification.verify({ token });
    expect(await as(named).moderation.access()).toEqual({ admin: true });
    expect(await as(named).moderation.queue()).toEqual(expect.any(Array));
  });

  it('neither a demo person registered first nor the first person who registers is an admin', async () => {
    const fresh = await makeTestApp();
    try {
      const demo = await makeUser(fresh.deps, person({ username: 'demo_first' }) as Parameters<typeof makeUser>[1]);
      const human = await signedInPerson(fresh, { username: 'human_second' });
      const third = await signedInPerson(fresh, { username: 'human_third' });
      expect(await fresh.caller(demo.id).moderation.access()).toEqual({ admin: false });
      expect(await fresh.caller(human.id).moderation.access()).toEqual({ admin: false });
      expect(await fresh.caller(third.id).moderation.access()).toEqual({ admin: false });
    } finally {
      await fresh.close();
    }
  });

  it('no registration body can make an admin, on either transport', async () => {
    const extra = { role: 'admin', is_admin: true, isAdmin: true, admin: true, roles: ['admin'] };
    const viaRest = person({ username: 'sneaky_rest', ...extra });
    const rest = await t.client().post('/api/auth/register', viaRest);
    const viaTrpc = person({ username: 'sneaky_trpc', ...extra });
    const trpc = await t.client().post('/trpc/accounts.register', viaTrpc);
    // Both are accepted as ordinary accounts: unknown fields are dropped, not obeyed.
    expect([rest.status, trpc.status]).toEqual([201, 200]);
    for (const username of ['sneaky_rest', 'sneaky_trpc']) {
      const row = await t.deps.db.selectFrom('users').select(['id', 'role']).where('username', '=', username).executeTakeFirstOrThrow();
      expect(row.role, username).toBe('member');
      expect(await t.caller(row.id).moderation.access(), username).toEqual({ admin: false });
    }
  });

  it('no profile update can make an admin, on either transport', async () => {
    const changes = (p: Person) => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: p.email,
      dob: '1990-04-12',
      is_private: false,
      role: 'admin',
      is_admin: true,
      suspended_at: null,
    });
    const rest = await reader.client.post('/api/users/edit', changes(reader));
    const trpc = await other.client.post('/trpc/accounts.edit', changes(other));
    expect([rest.status, trpc.status]).toEqual([200, 200]);
    for (const p of [reader, other]) {
      expect((await t.deps.db.selectFrom('users').select('role').where('id', '=', p.id).executeTakeFirstOrThrow()).role).toBe('member');
      expect(await as(p).moderation.access()).toEqual({ admin: false });
    }
  });

  it('every admin procedure answers 403 to a signed-in non-admin (tRPC over HTTP too), 401 to a visitor', async () => {
    const reason = 'testing';
    const calls = [
      () => as(reader).moderation.queue(),
      () => as(reader).moderation.log({ page: 1 }),
      () => as(reader).moderation.withheld(),
      () => as(reader).moderation.hide({ target: storyTarget(other), reason }),
      () => as(reader).moderation.restore({ target: storyTarget(other), reason }),
      () => as(reader).moderation.remove({ target: storyTarget(other), reason }),
      () => as(reader).moderation.dismiss({ report_id: 1, reason }),
      () => as(reader).moderation.suspend({ username: other.username, reason }),
      () => as(reader).moderation.unsuspend({ username: other.username, reason }),
    ];
    for (const call of calls) await expectCode(call(), 'FORBIDDEN', 'Only the site’s moderators can do this.');
    await expectCode(visitor().moderation.queue(), 'UNAUTHORIZED');
    const overHttp = await reader.client.get('/trpc/moderation.queue');
    expect(overHttp.status).toBe(403);
    const hideOverHttp = await reader.client.post('/trpc/moderation.hide', { target: storyTarget(other), reason });
    expect(hideOverHttp.status).toBe(403);
    expect((await visitor().stories.get({ username: other.username }))?.title).toBe('Quiet orchards');
  });
});

describe('reports', () => {
  it('reports a story or a comment with a reason from the list and a cleaned note; one open report per person per item', async () => {
    const c = await as(other).social.comment({ ...ref(author), text: 'A rude remark.' });
    const story = await as(reader).moderation.report({ target: storyTarget(author), reason: 'spam', note: '  buy\u202E now\r\n ' });
    expect(story.report_id).toBeGreaterThan(0);
    await as(reader).moderation.report({ target: commentTarget(c.comment_id), reason: 'harassment', note: '   ' });
    await expectCode(
      as(reader).moderation.report({ target: storyTarget(author), reason: 'hate' }),
      'CONFLICT',
      'You have already reported this. Our moderators will look at it soon.',
    );
    await expectCode(
      as(author).moderation.report({ target: storyTarget(author), reason: 'spam' }),
      'BAD_REQUEST',
      'You cannot report your own writing.',
    );
    await expectCode(as(reader).moderation.report({ target: storyTarget({ username: 'nobody_here' }), reason: 'spam' }), 'NOT_FOUND');
    await expectCode(as(reader).moderation.report({ target: commentTarget(987_654), reason: 'spam' }), 'NOT_FOUND');
    await expectCode(
      as(reader).moderation.report({ target: storyTarget(other), reason: 'bored' as never }),
      'BAD_REQUEST',
      /choose a reason/,
    );
    await expectCode(as(reader).moderation.report({ target: storyTarget(other), reason: 'other', note: 'x'.repeat(1001) }), 'BAD_REQUEST');
    await expectCode(visitor().moderation.report({ target: storyTarget(other), reason: 'spam' }), 'UNAUTHORIZED');

    const queue = await as(admin).moderation.queue();
    const onStory = queue.find((q) => q.target_key === `story:${author.id}`)!;
    expect(onStory).toMatchObject({
      kind: 'story',
      story_username: author.username,
      story_title: 'Zanzibar summers',
      hidden: false,
      gone: false,
    });
    expect(onStory.text).toMatch(/^w0x0 w0x1/);
    expect(onStory.reports).toEqual([expect.objectContaining({ reason: 'spam', note: 'buy now', reporter: reader.username })]);
    const onComment = queue.find((q) => q.target_key === `comment:${c.comment_id}`)!;
    expect(onComment).toMatchObject({ kind: 'comment', text: 'A rude remark.', author: other.username, story_title: 'Zanzibar summers' });
    expect(onComment.reports[0]).toMatchObject({ reason: 'harassment', note: null });

    // Dismissing closes every open report on the item, logs it, and lets the person report it again later.
    await as(admin).moderation.dismiss({ report_id: onComment.reports[0]!.report_id, reason: 'Blunt, not abusive.' });
    expect((await as(admin).moderation.queue()).map((q) => q.target_key)).not.toContain(`comment:${c.comment_id}`);
    await expectCode(as(admin).moderation.dismiss({ report_id: onComment.reports[0]!.report_id, reason: 'again' }), 'NOT_FOUND');
    await expectCode(
      as(admin).moderation.dismiss({ report_id: onStory.reports[0]!.report_id, reason: '  ' }),
      'BAD_REQUEST',
      'Please say why.',
    );
    const [entry] = await as(admin).moderation.log({ page: 1 });
    expect(entry).toMatchObject({
      admin: admin.username,
      action: 'dismiss',
      target_kind: 'report',
      target_user: other.username,
      reason: 'Blunt, not abusive.',
    });
    expect(Date.parse(entry!.at)).toBeGreaterThan(0);
    await as(reader).moderation.report({ target: commentTarget(c.comment_id), reason: 'harassment' });
  });

  it('flooding: at most 10 reports an hour per account, 30 per client, each a clear 429 with Retry-After', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const by = async (name: string) => {
        const p = await signedInPerson(limited, { username: name });
        return { ...p, call: limited.caller(p.id) };
      };
      const writer = await by('flood_writer');
      const writer2 = await by('flood_writer2');
      await writer.call.stories.publish({ title: 'Target', text: storyHtml(1) });
      const ids: number[] = [];
      for (let i = 0; i < 20; i++)
        ids.push((await writer.call.social.comment({ story_username: 'flood_writer', text: `c${i}` })).comment_id);
      for (let i = 0; i < 12; i++)
        ids.push((await writer2.call.social.comment({ story_username: 'flood_writer', text: `d${i}` })).comment_id);
      const r1 = await by('flood_r1');
      for (let i = 0; i < 10; i++) await r1.call.moderation.report({ target: commentTarget(ids[i]!), reason: 'spam' });
      await expectCode(
        r1.call.moderation.report({ target: commentTarget(ids[10]!), reason: 'spam' }),
        'TOO_MANY_REQUESTS',
        /^Too many reports\. Please try again in \d+ minutes\.$/,
      );
      // Over HTTP: 429 with Retry-After.
      const res = await r1.client.post('/trpc/moderation.report', { target: commentTarget(ids[11]!), reason: 'spam' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Per client: every caller() shares the client key 'test'; 30 reports from it, then the network is told to wait.
      const r2 = await by('flood_r2');
      const r3 = await by('flood_r3');
      const r4 = await by('flood_r4');
      let n = 0;
      for (const r of [r2, r3])
        for (let i = 0; i < 10; i++) await r.call.moderation.report({ target: commentTarget(ids[n++]!), reason: 'spam' });
      await expectCode(
        r4.call.moderation.report({ target: commentTarget(ids[0]!), reason: 'spam' }),
        'TOO_MANY_REQUESTS',
        /reports from your network/,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('hiding content', () => {
  it('a hidden story leaves reads, lists, top lists and search for everyone but its author, and comes back when restored', async () => {
    const hidden = await signedInPerson(t, { username: 'hideme_author' });
    await as(hidden).stories.publish({ title: 'Xylophone memories', text: storyHtml(1) });
    await as(reader).social.like({ ...ref(hidden), on: true });
    await t.deps.projector.drain();
    expect(await found('Xylophone', 'stories')).toContain(hidden.username);
    expect(await topList()).toContain(hidden.username);
    expect(await newList()).toContain(hidden.username);
    const countBefore = (await visitor().explore.newCount()).count;
    const report = await as(reader).moderation.report({ target: storyTarget(hidden), reason: 'sexual' });

    await as(admin).moderation.hide({ target: storyTarget(hidden), reason: 'Not for this site.', report_id: report.report_id });
    await t.deps.projector.drain();
    expect(await visitor().stories.get({ username: hidden.username })).toBeNull();
    expect(await as(reader).stories.get({ username: hidden.username })).toBeNull();
    await expectCode(as(reader).stories.page({ username: hidden.username, page_number: 1 }), 'NOT_FOUND');
    expect((await as(hidden).stories.get({ username: hidden.username }))?.title).toBe('Xylophone memories');
    expect(await newList()).not.toContain(hidden.username);
    expect((await visitor().explore.newCount()).count).toBe(countBefore - 1);
    expect(await topList()).not.toContain(hidden.username);
    expect(await found('Xylophone', 'stories')).not.toContain(hidden.username);
    expect((await as(reader).explore.bookmarks({ page: 1, limit: 50 })).map((i) => i.username)).not.toContain(hidden.username);
    // Over /api too.
    const page = await reader.client.post('/api/stories/page', { username: hidden.username, page_number: 1 });
    expect(page.status).toBe(404);
    const newest = await t.client().post('/api/searches/new', { page: 1, limit: 50 });
    expect(newest.body.data.map((i: { username: string }) => i.username)).not.toContain(hidden.username);
    // The report is closed, and the story waits in "hidden" to be restored.
    expect((await as(admin).moderation.queue()).map((q) => q.target_key)).not.toContain(`story:${hidden.id}`);
    expect((await as(admin).moderation.withheld()).stories.map((s) => s.story_username)).toContain(hidden.username);
    await expectCode(as(admin).moderation.hide({ target: storyTarget(hidden), reason: 'twice' }), 'CONFLICT', 'This is already hidden.');
    await expectCode(as(reader).moderation.report({ target: storyTarget(hidden), reason: 'spam' }), 'NOT_FOUND');
    await expectCode(as(other).social.comment({ ...ref(hidden), text: 'hello' }), 'NOT_FOUND');
    // Nor new likes or saves, on either transport; taking a like back still works.
    await expectCode(as(other).social.like({ ...ref(hidden), on: true }), 'NOT_FOUND', 'Story not found.');
    await expectCode(as(other).social.bookmark({ ...ref(hidden), on: true }), 'NOT_FOUND', 'Story not found.');
    // (/api's `liked` is the state the client shows, so false asks to like.)
    const overRest = await other.client.post('/api/users/like', {
      data: { liked: false, story_username: hidden.username },
      withCredentials: true,
    });
    expect([overRest.status, overRest.body.message]).toEqual([404, 'Story not found.']);
    await as(reader).social.like({ ...ref(hidden), on: false });
    await expectCode(as(reader).social.like({ ...ref(hidden), on: true }), 'NOT_FOUND');
    // Its author still may (they see their own story).
    await as(hidden).social.bookmark({ ...ref(hidden), on: true });

    await as(admin).moderation.restore({ target: storyTarget(hidden), reason: 'Appeal accepted.' });
    await t.deps.projector.drain();
    expect((await visitor().stories.get({ username: hidden.username }))?.title).toBe('Xylophone memories');
    expect(await newList()).toContain(hidden.username);
    expect(await topList()).toContain(hidden.username);
    expect(await found('Xylophone', 'stories')).toContain(hidden.username);
    // And a rebuild from the event log agrees.
    await as(admin).moderation.hide({ target: storyTarget(hidden), reason: 'Again.' });
    await t.deps.projector.rebuild();
    expect(await found('Xylophone', 'stories')).not.toContain(hidden.username);
    await as(admin).moderation.restore({ target: storyTarget(hidden), reason: 'Again restored.' });
    await t.deps.projector.drain();
    expect(await found('Xylophone', 'stories')).toContain(hidden.username);

    const log = await as(admin).moderation.log({ page: 1 });
    expect(log.slice(0, 4).map((e) => [e.action, e.target_kind, e.target_user, e.reason])).toEqual([
      ['restore', 'story', hidden.username, 'Again restored.'],
      ['hide', 'story', hidden.username, 'Again.'],
      ['restore', 'story', hidden.username, 'Appeal accepted.'],
      ['hide', 'story', hidden.username, 'Not for this site.'],
    ]);
  });

  it('a hidden comment leaves the list and the count on both transports; restoring brings it back', async () => {
    const c = await as(other).social.comment({ ...ref(author), text: 'Hide this one.' });
    const count = async () => (await t.client().post('/api/comments/count', ref(author))).body.data.count as number;
    const before = await count();
    await as(admin).moderation.hide({ target: commentTarget(c.comment_id), reason: 'Insulting.' });
    expect(await commentIds(author)).not.toContain(c.comment_id);
    expect(await commentIds(author, other)).not.toContain(c.comment_id);
    const rest = await t.client().post('/api/comments/get', { ...ref(author), page: 1, limit: 50 });
    expect(rest.body.data.map((x: { comment_id: number }) => x.comment_id)).not.toContain(c.comment_id);
    expect(await count()).toBe(before - 1);
    expect((await as(admin).moderation.withheld()).comments).toContainEqual(
      expect.objectContaining({ comment_id: c.comment_id, text: 'Hide this one.', author: other.username }),
    );
    await as(admin).moderation.restore({ target: commentTarget(c.comment_id), reason: 'Misread.' });
    expect(await commentIds(author)).toContain(c.comment_id);
    expect(await count()).toBe(before);
  });

  it('an admin deletes a story or a comment for good, and the log says who, what and why', async () => {
    const gone = await signedInPerson(t, { username: 'deleted_by_mod' });
    await as(gone).stories.publish({ title: 'Yonder spam', text: storyHtml(1) });
    const c = await as(gone).social.comment({ ...ref(author), text: 'Spam link.' });
    await as(reader).moderation.report({ target: commentTarget(c.comment_id), reason: 'spam' });
    await as(admin).moderation.remove({ target: commentTarget(c.comment_id), reason: 'Spam.' });
    expect(await commentIds(author)).not.toContain(c.comment_id);
    expect(await t.deps.db.selectFrom('comments').select('id').where('id', '=', c.comment_id).executeTakeFirst()).toBeUndefined();
    expect((await as(admin).moderation.queue()).map((q) => q.target_key)).not.toContain(`comment:${c.comment_id}`);
    await as(admin).moderation.remove({ target: storyTarget(gone), reason: 'Spam story.' });
    await t.deps.projector.drain();
    expect(await visitor().stories.get({ username: gone.username })).toBeNull();
    expect(await as(gone).stories.get({ username: gone.username })).toBeNull();
    expect(await found('Yonder', 'stories')).not.toContain(gone.username);
    const log = await as(admin).moderation.log({ page: 1 });
    expect(log.slice(0, 2)).toMatchObject([
      { admin: admin.username, action: 'delete', target_kind: 'story', target_user: gone.username, reason: 'Spam story.' },
      {
        admin: admin.username,
        action: 'delete',
        target_kind: 'comment',
        target_user: gone.username,
        target_id: c.comment_id,
        reason: 'Spam.',
      },
    ]);
  });
});

describe('suspending an account', () => {
  it('signs them out everywhere, refuses sign-in with a clear sentence, withholds their story, comments and profile; unsuspend restores', async () => {
    const bad = await signedInPerson(t, { username: 'suspend_me' });
    const secondDevice = t.client();
    expect((await secondDevice.post('/api/auth/login', { email: bad.email, password: bad.password })).status).toBe(200);
    await as(bad).stories.publish({ title: 'Vagabond tales', text: storyHtml(1) });
    const c = await as(bad).social.comment({ ...ref(author), text: 'Comment by the suspended.' });
    await t.deps.projector.drain();
    expect(await found('Vagabond')).toContain(bad.username);
    expect(await found('suspend_me', 'users')).toContain(bad.username);
    const commentCount = async () => (await visitor().social.commentCount(ref(author))).count;
    const countBefore = await commentCount();

    await expectCode(
      as(admin).moderation.suspend({ username: admin.username, reason: 'me' }),
      'BAD_REQUEST',
      'You cannot suspend your own account.',
    );
    await as(admin).moderation.suspend({ username: bad.username, reason: 'Threats in comments.' });
    await t.deps.projector.drain();

    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', bad.id).execute()).toEqual([]);
    for (const client of [bad.client, secondDevice]) expect((await client.get('/api/users/profile')).status).toBe(401);
    const refused = await t.client().post('/api/auth/login', { email: bad.email, password: bad.password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account has been suspended by the site’s moderators, so you cannot sign in.');
    const refusedTrpc = await t.client().post('/trpc/accounts.login', { email: bad.email, password: bad.password });
    expect(refusedTrpc.status).toBe(403);
    expect(refusedTrpc.body.error.message).toMatch(/suspended/);
    // A wrong password still gets the usual answer: suspension is only told to the account's owner.
    const wrong = await t.client().post('/api/auth/login', { email: bad.email, password: 'not the password' });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Incorrect email or password.']);

    expect(await visitor().stories.get({ username: bad.username })).toBeNull();
    expect(await commentIds(author, reader)).not.toContain(c.comment_id);
    expect(await commentCount()).toBe(countBefore - 1);
    expect(await newList()).not.toContain(bad.username);
    expect(await found('Vagabond')).not.toContain(bad.username);
    expect(await found('suspend_me', 'users')).not.toContain(bad.username);
    const users = await t.client().post('/api/searches/user', { searchTerm: '' });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body.data)).not.toContain(bad.username);
    expect((await as(admin).moderation.withheld()).accounts.map((a) => a.username)).toContain(bad.username);
    await expectCode(
      as(admin).moderation.suspend({ username: bad.username, reason: 'again' }),
      'CONFLICT',
      'This account is already suspended.',
    );

    await as(admin).moderation.unsuspend({ username: bad.username, reason: 'Served their time.' });
    await t.deps.projector.drain();
    expect((await t.client().post('/api/auth/login', { email: bad.email, password: bad.password })).status).toBe(200);
    expect((await visitor().stories.get({ username: bad.username }))?.title).toBe('Vagabond tales');
    expect(await commentIds(author, reader)).toContain(c.comment_id);
    expect(await commentCount()).toBe(countBefore);
    expect(await found('Vagabond')).toContain(bad.username);
    expect(await found('suspend_me', 'users')).toContain(bad.username);
    const log = await as(admin).moderation.log({ page: 1 });
    expect(log.slice(0, 2).map((e) => [e.action, e.target_user, e.reason])).toEqual([
      ['unsuspend', bad.username, 'Served their time.'],
      ['suspend', bad.username, 'Threats in comments.'],
    ]);
  });

  it('an admin cannot be suspended', async () => {
    await expectCode(as(admin).moderation.suspend({ username: 'named_nobody', reason: 'x' }), 'NOT_FOUND');
    const envAdmin = await t.deps.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'named.admin@example.com')
      .executeTakeFirstOrThrow();
    await expectCode(as(admin).moderation.suspend({ username: envAdmin.username, reason: 'x' }), 'FORBIDDEN', /cannot be suspended/);
  });
});

describe('blocking', () => {
  it('a blocked person cannot comment on the blocker’s story (403 on both transports), and the blocker no longer sees their comments', async () => {
    const blocker = await signedInPerson(t, { username: 'the_blocker' });
    const pest = await signedInPerson(t, { username: 'the_pest' });
    await as(blocker).stories.publish({ title: 'Wanderings', text: storyHtml(1) });
    const onAuthor = await as(pest).social.comment({ ...ref(author), text: 'Pest on someone else’s story.' });
    const before = await as(pest).social.comment({ ...ref(blocker), text: 'Before the block.' });

    expect(await as(blocker).moderation.blockState({ username: pest.username })).toEqual({ blocked: false });
    expect(await as(blocker).moderation.block({ username: pest.username })).toEqual({ blocked: true });
    expect(await as(blocker).moderation.block({ username: pest.username })).toEqual({ blocked: true });
    expect(await as(blocker).moderation.blockState({ username: pest.username })).toEqual({ blocked: true });
    await expectCode(as(blocker).moderation.block({ username: blocker.username }), 'BAD_REQUEST', 'You cannot block yourself.');
    await expectCode(as(blocker).moderation.block({ username: 'nobody_at_all' }), 'NOT_FOUND');

    await expectCode(as(pest).social.comment({ ...ref(blocker), text: 'After.' }), 'FORBIDDEN', 'You cannot comment on this story.');
    const rest = await pest.client.post('/api/comments/create', { ...ref(blocker), text: 'After, over /api.' });
    expect([rest.status, rest.body.message]).toEqual([403, 'You cannot comment on this story.']);
    // The blocker no longer sees the pest's comments anywhere; everyone else still does.
    expect(await commentIds(blocker, blocker)).not.toContain(before.comment_id);
    expect(await commentIds(author, blocker)).not.toContain(onAuthor.comment_id);
    expect(await commentIds(author, reader)).toContain(onAuthor.comment_id);
    expect(await commentIds(blocker, reader)).toContain(before.comment_id);
    expect(await commentIds(blocker)).toContain(before.comment_id);
    expect((await blocker.client.post('/api/comments/count', ref(blocker))).body.data.count).toBe(0);
    expect((await t.client().post('/api/comments/count', ref(blocker))).body.data.count).toBe(1);
    // Counts and pages agree for the blocker on someone else's story too.
    expect((await as(blocker).social.commentCount(ref(author))).count).toBe((await commentIds(author, blocker)).length);
    // The pest can still comment elsewhere.
    await as(pest).social.comment({ ...ref(author), text: 'Still fine here.' });

    expect(await as(blocker).moderation.blocked()).toEqual([{ username: pest.username, since: expect.any(String) }]);
    expect(await as(blocker).moderation.unblock({ username: pest.username })).toEqual({ blocked: false });
    expect(await as(blocker).moderation.blocked()).toEqual([]);
    expect(await commentIds(blocker, blocker)).toContain(before.comment_id);
    await as(pest).social.comment({ ...ref(blocker), text: 'After the unblock.' });
    await expectCode(visitor().moderation.block({ username: pest.username }), 'UNAUTHORIZED');
  });
});
