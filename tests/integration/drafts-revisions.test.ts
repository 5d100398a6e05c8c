// Issue #11: drafts (autosave), versions and 409 conflicts between tabs, a revision per publish and its
// restore, through tRPC callers and over HTTP (docs/decisions/0012-drafts-revisions-and-versions.md).
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_CONFLICT, NO_SUCH_REVISION } from '../../server/src/contract/drafts';
import { STORY_CONFLICT } from '../../server/src/contract/stories';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

async function expectCode(call: Promise<unknown>, code: TRPCError['code'], message?: string): Promise<TRPCError> {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    expect(err.code, err.message).toBe(code);
    if (message !== undefined) expect(err.message).toBe(message);
    return err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

const q = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

describe('drafts', () => {
  it('start empty, save sanitized text, and count up on every save and discard', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    expect(await api.drafts.get()).toEqual({ draft_version: 0, draft: null });

    const first = await api.drafts.autosave({
      title: '',
      text: '<p>Hello <script>x()</script>there</p>',
      base_version: 0,
      draft_version: 0,
    });
    expect(first.draft_version).toBe(1);
    expect(new Date(first.saved_at).toISOString()).toBe(first.saved_at);
    const got = await api.drafts.get();
    expect(got).toEqual({
      draft_version: 1,
      draft: { title: '', text: '<p>Hello there</p>', base_version: 0, saved_at: first.saved_at },
    });

    const second = await api.drafts.autosave({ title: '  My\u0000 title ', text: '<p>More</p>', base_version: 0, draft_version: 1 });
    expect(second.draft_version).toBe(2);
    expect((await api.drafts.get()).draft?.title).toBe('My title');

    expect(await api.drafts.discard({ draft_version: 2 })).toEqual({ draft_version: 3 });
    expect(await api.drafts.get()).toEqual({ draft_version: 3, draft: null });
    // The counter is never reused after the draft is cleared.
    expect((await api.drafts.autosave({ title: 'Again', text: '', base_version: 0, draft_version: 3 })).draft_version).toBe(4);
  });

  it('two tabs: the stale save gets 409 and leaves the other text alone; force keeps this one', async () => {
    const me = await signedInPerson(t);
    const tabA = t.caller(me.id);
    const tabB = t.caller(me.id);
    const seen = (await tabA.drafts.get()).draft_version;
    await tabA.drafts.autosave({ title: 'A', text: '<p>from tab A</p>', base_version: 0, draft_version: seen });
    await expectCode(
      tabB.drafts.autosave({ title: 'B', text: '<p>from tab B</p>', base_version: 0, draft_version: seen }),
      'CONFLICT',
      DRAFT_CONFLICT,
    );
    const both = await tabB.drafts.get();
    expect(both.draft?.text).toBe('<p>from tab A</p>');

    const kept = await tabB.drafts.autosave({ title: 'B', text: '<p>from tab B</p>', base_version: 0, draft_version: seen, force: true });
    expect(kept.draft_version).toBe(both.draft_version + 1);
    expect((await tabA.drafts.get()).draft?.text).toBe('<p>from tab B</p>');
    await expectCode(tabA.drafts.discard({ draft_version: both.draft_version }), 'CONFLICT', DRAFT_CONFLICT);
    expect((await tabA.drafts.get()).draft?.text).toBe('<p>from tab B</p>');
  });

  it('refuses bad input with clear messages and visitors with 401', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await expectCode(api.drafts.autosave({ title: 'x'.repeat(201), text: '', base_version: 0, draft_version: 0 }), 'BAD_REQUEST');
    await expectCode(api.drafts.autosave({ title: 'x', text: '', base_version: -1, draft_version: 0 }), 'BAD_REQUEST');
    // biome-ignore lint/suspicious/noExplicitAny: wrong types on purpose, as a bad client would send them
    await expectCode(api.drafts.autosave({ title: 'x', text: 5, base_version: 0, draft_version: 0 } as any), 'BAD_REQUEST');
    const visitor = t.caller(null);
    await expectCode(visitor.drafts.get(), 'UNAUTHORIZED');
    await expectCode(visitor.drafts.autosave({ title: '', text: '', base_version: 0, draft_version: 0 }), 'UNAUTHORIZED');
    await expectCode(visitor.revisions.list(), 'UNAUTHORIZED');

    const res = await t.client().post('/trpc/drafts.autosave', { title: '', text: '', base_version: 0, draft_version: 0 });
    expect(res.status).toBe(401);
  });
});

describe('publishing: versions, revisions, conflicts', () => {
  it('each publish bumps the version, keeps a revision with its word count, and clears the draft', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    expect((await api.drafts.autosave({ title: 'Draft', text: '<p>one two</p>', base_version: 0, draft_version: 0 })).draft_version).toBe(
      1,
    );

    const p1 = await api.stories.publish({ title: 'First', text: '<p>one two three</p>', base_version: 0, draft_version: 1 });
    expect(p1).toEqual({ page_count: 1, version: 1, draft_version: 2 });
    expect(await api.drafts.get()).toEqual({ draft_version: 2, draft: null });
    expect((await api.stories.get({ username: me.username }))?.version).toBe(1);

    const p2 = await api.stories.publish({ title: 'Second', text: storyHtml(2, 10), base_version: 1, draft_version: 2 });
    expect(p2).toEqual({ page_count: 1, version: 2, draft_version: 3 });
    const p3 = await api.stories.publish({ title: 'Third', text: '<p>x</p>' }); // no versions given: no check
    expect(p3.version).toBe(3);

    const list = await api.revisions.list();
    expect(list.map((r) => [r.title, r.word_count, r.restored_from])).toEqual([
      ['Third', 1, null],
      ['Second', 20, null],
      ['First', 3, null],
    ]);
    const first = await api.revisions.get({ id: list[2]!.id });
    expect(first).toEqual({ ...list[2], text: '<p>one two three</p>' });
  });

  it('a publish from a stale tab gets 409 and changes nothing', async () => {
    const me = await signedInPerson(t);
    const tabA = t.caller(me.id);
    const tabB = t.caller(me.id);
    await tabA.stories.publish({ title: 'Base', text: '<p>base</p>', base_version: 0, draft_version: 0 });
    const seenB = { base_version: 1, draft_version: 1 };
    await tabA.stories.publish({ title: 'From A', text: '<p>a</p>', base_version: 1, draft_version: 1 });
    await expectCode(tabB.stories.publish({ title: 'From B', text: '<p>b</p>', ...seenB }), 'CONFLICT', STORY_CONFLICT);
    // The draft counter alone being stale is a conflict too (the other tab saved a draft).
    await tabA.drafts.autosave({ title: 'A draft', text: '<p>ad</p>', base_version: 2, draft_version: 2 });
    await expectCode(
      tabB.stories.publish({ title: 'From B', text: '<p>b</p>', base_version: 2, draft_version: 2 }),
      'CONFLICT',
      STORY_CONFLICT,
    );
    const story = await tabB.stories.get({ username: me.username });
    expect(story).toMatchObject({ title: 'From A', text: '<p>a</p>', version: 2 });
    expect((await tabB.revisions.list()).length).toBe(2);
    expect((await tabB.drafts.get()).draft?.title).toBe('A draft');

    // Over HTTP: a 409 with the message.
    const res = await me.client.post('/trpc/stories.publish', { title: 'Late', text: '<p>late</p>', base_version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STORY_CONFLICT);
    expect(res.body.error.data).toMatchObject({ code: 'CONFLICT', httpStatus: 409 });
  });

  it('REST /api/stories/save keeps its wire shape, keeps a revision and clears the draft', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.drafts.autosave({ title: 'Unfinished', text: '<p>draft</p>', base_version: 0, draft_version: 0 });
    const res = await me.client.post('/api/stories/save', { title: 'Via REST', text: '<p>rest words here</p>', base_version: 99 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Story successfully created or updated.' });
    expect(await api.drafts.get()).toEqual({ draft_version: 2, draft: null });
    const [rev] = await api.revisions.list();
    expect(rev).toMatchObject({ title: 'Via REST', word_count: 3 });
    expect((await api.stories.get({ username: me.username }))?.version).toBe(1);
  });
});

describe('restoring a revision', () => {
  it('makes it the draft (nothing published), and the publish after it records where it came from', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.stories.publish({ title: 'One', text: '<p>first text</p>' });
    await api.stories.publish({ title: 'Two', text: '<p>second text</p>' });
    const [, oldest] = await api.revisions.list();
    const restored = await api.revisions.restore({ id: oldest!.id });
    expect(restored.draft_version).toBe(3);
    expect(await api.drafts.get()).toEqual({
      draft_version: 3,
      draft: { title: 'One', text: '<p>first text</p>', base_version: 2, saved_at: restored.saved_at },
    });
    expect(await api.stories.get({ username: me.username })).toMatchObject({ title: 'Two', version: 2 });

    // A tab that still had the older draft counter gets a 409 rather than overwriting the restored draft.
    await expectCode(
      api.drafts.autosave({ title: 'Two', text: '<p>typing</p>', base_version: 2, draft_version: 2 }),
      'CONFLICT',
      DRAFT_CONFLICT,
    );
    await api.drafts.autosave({ title: 'One', text: '<p>first text, edited</p>', base_version: 2, draft_version: 3 });
    const published = await api.stories.publish({ title: 'One', text: '<p>first text, edited</p>', base_version: 2, draft_version: 4 });
    expect(published.version).toBe(3);
    const [latest] = await api.revisions.list();
    expect(latest).toMatchObject({ title: 'One', restored_from: oldest!.id });

    const events = await t.deps.db.selectFrom('events').select(['type', 'payload']).where('actor_id', '=', me.id).orderBy('seq').execute();
    const restoredEvent = events.find((e) => e.type === 'story_revision_restored');
    expect(JSON.parse(restoredEvent!.payload)).toEqual({ user_id: me.id, revision_id: oldest!.id });
    const saved = events.filter((e) => e.type === 'story_saved').map((e) => JSON.parse(e.payload).revision_id);
    expect(saved).toEqual((await api.revisions.list()).map((r) => r.id).reverse());
  });
});

describe('revisions are private to the author', () => {
  it('another person and a visitor cannot list, read or restore them', async () => {
    const author = await signedInPerson(t);
    const other = await signedInPerson(t);
    await t.caller(author.id).stories.publish({ title: 'Mine', text: '<p>secret earlier words</p>' });
    const [rev] = await t.caller(author.id).revisions.list();

    expect(await t.caller(other.id).revisions.list()).toEqual([]);
    await expectCode(t.caller(other.id).revisions.get({ id: rev!.id }), 'NOT_FOUND', NO_SUCH_REVISION);
    await expectCode(t.caller(other.id).revisions.restore({ id: rev!.id }), 'NOT_FOUND', NO_SUCH_REVISION);
    await expectCode(t.caller(author.id).revisions.get({ id: 999_999 }), 'NOT_FOUND', NO_SUCH_REVISION);
    expect((await t.caller(other.id).drafts.get()).draft).toBeNull();

    const byOther = await other.client.get(q('revisions.get', { id: rev!.id }));
    expect(byOther.status).toBe(404);
    expect(byOther.body.error.message).toBe(NO_SUCH_REVISION);
    const byVisitor = await t.client().get(q('revisions.get', { id: rev!.id }));
    expect(byVisitor.status).toBe(401);
    expect(byVisitor.text).not.toContain('secret');
    const bad = await author.client.get(q('revisions.get', { id: 'abc' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(NO_SUCH_REVISION);
  });
});

describe('two tabs over HTTP (one session, two editors)', () => {
  it('the second tab gets 409 with the message, and keeping its version needs force', async () => {
    const me = await signedInPerson(t);
    const tabA = me.client;
    const tabB = t.client();
    tabB.cookie = tabA.cookie;
    const opened = (await tabB.get(q('drafts.get'))).body.result.data;
    expect(opened).toEqual({ draft_version: 0, draft: null });

    const a = await tabA.post('/trpc/drafts.autosave', { title: 'Tab A', text: '<p>typed in A</p>', base_version: 0, draft_version: 0 });
    expect(a.status).toBe(200);
    expect(a.body.result.data.draft_version).toBe(1);
    const b = await tabB.post('/trpc/drafts.autosave', { title: 'Tab B', text: '<p>typed in B</p>', base_version: 0, draft_version: 0 });
    expect(b.status).toBe(409);
    expect(b.body.error.message).toBe(DRAFT_CONFLICT);
    expect(b.body.error.data).toMatchObject({ code: 'CONFLICT', httpStatus: 409 });
    // Tab B can show both texts: its own, and the other one from drafts.get.
    expect((await tabB.get(q('drafts.get'))).body.result.data.draft.text).toBe('<p>typed in A</p>');

    const publishB = await tabB.post('/trpc/stories.publish', {
      title: 'Tab B',
      text: '<p>typed in B</p>',
      base_version: 0,
      draft_version: 0,
    });
    expect(publishB.status).toBe(409);
    expect(publishB.body.error.message).toBe(STORY_CONFLICT);
    const kept = await tabB.post('/trpc/drafts.autosave', {
      title: 'Tab B',
      text: '<p>typed in B</p>',
      base_version: 0,
      draft_version: 0,
      force: true,
    });
    expect(kept.status).toBe(200);
    const published = await tabB.post('/trpc/stories.publish', {
      title: 'Tab B',
      text: '<p>typed in B</p>',
      base_version: 0,
      draft_version: 2,
    });
    expect(published.body.result.data).toEqual({ page_count: 1, version: 1, draft_version: 3 });
    // Tab A's next autosave is now stale too: a 409, never a silent overwrite of what B published.
    const lateA = await tabA.post('/trpc/drafts.autosave', { title: 'Tab A', text: '<p>more in A</p>', base_version: 0, draft_version: 1 });
    expect(lateA.status).toBe(409);
    expect((await t.caller(me.id).stories.get({ username: me.username }))?.text).toBe('<p>typed in B</p>');
  });
});

describe('drafts and revisions are never indexed', () => {
  it('search finds the published title only, also after a rebuild', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.stories.publish({ title: 'Zebracrossing days', text: '<p>one</p>' });
    await api.stories.publish({ title: 'Walrusmorning tales', text: '<p>two</p>' });
    await api.drafts.autosave({ title: 'Quokkaplans unpublished', text: '<p>three</p>', base_version: 2, draft_version: 2 });
    const found = async (word: string) => {
      const res = await t.client().post('/api/searches/story', { searchTerm: word });
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ username: string }>).filter((s) => s.username === me.username).length;
    };
    for (const rebuild of [false, true]) {
      if (rebuild) await t.deps.projector.rebuild();
      await t.deps.projector.drain();
      expect(await found('walrusmorning')).toBe(1);
      expect(await found('zebracrossing')).toBe(0);
      expect(await found('quokkaplans')).toBe(0);
    }
    const [, older] = await api.revisions.list();
    await api.revisions.restore({ id: older!.id });
    await t.deps.projector.drain();
    expect(await found('zebracrossing')).toBe(0);
    expect(await found('walrusmorning')).toBe(1);
  });
});

describe('deleting', () => {
  it('the story: readers lose it, the author keeps the private draft and versions, and versions go on counting', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.stories.publish({ title: 'Kept one', text: '<p>first</p>' });
    await api.stories.publish({ title: 'Kept two', text: '<p>second</p>' });
    await api.drafts.autosave({ title: 'Draft', text: '<p>unfinished</p>', base_version: 2, draft_version: 2 });
    const del = await me.client.delete('/api/stories/delete', { story_username: me.username });
    expect(del.status).toBe(200);
    expect(await t.caller(null).stories.get({ username: me.username })).toBeNull();
    expect((await api.revisions.list()).map((r) => r.title)).toEqual(['Kept two', 'Kept one']);
    expect((await api.drafts.get()).draft?.text).toBe('<p>unfinished</p>');

    // A tab that still shows version 2 is refused: the story is gone (version 0) since it opened.
    await expectCode(
      api.stories.publish({ title: 'Stale', text: '<p>x</p>', base_version: 2, draft_version: 3 }),
      'CONFLICT',
      STORY_CONFLICT,
    );
    const [latest] = await api.revisions.list();
    await api.revisions.restore({ id: latest!.id });
    const again = await api.stories.publish({ title: 'Kept two', text: '<p>second</p>', base_version: 0, draft_version: 4 });
    expect(again.version).toBe(3); // never a number handed out before
    expect(await t.caller(null).stories.get({ username: me.username })).toMatchObject({ title: 'Kept two', version: 3 });
  });

  it('the account erases its draft, its revisions and its restore events', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.stories.publish({ title: 'Going', text: '<p>soon gone</p>' });
    const [rev] = await api.revisions.list();
    await api.revisions.restore({ id: rev!.id });
    const res = await me.client.delete('/api/users/delete', { password: me.password });
    expect(res.status, res.text).toBe(200);
    const count = async (table: 'drafts' | 'story_revisions') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', me.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('drafts')).toBe(0);
    expect(await count('story_revisions')).toBe(0);
    const events = await t.deps.db.selectFrom('events').select('type').where('actor_id', '=', me.id).execute();
    expect(events.map((e) => e.type)).toEqual(['account_deleted']);
  });
});

describe('draft save budget (RATE_LIMIT_SCALE=0.05: 6 a minute)', () => {
  it('refuses with 429 and a clear message past the budget', async () => {
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.05' } });
    try {
      const me = await signedInPerson(limited);
      const api = limited.caller(me.id);
      for (let i = 0; i < 6; i++) await api.drafts.autosave({ title: '', text: `<p>${i}</p>`, base_version: 0, draft_version: i });
      const err = await expectCode(
        api.drafts.autosave({ title: '', text: '<p>7</p>', base_version: 0, draft_version: 6 }),
        'TOO_MANY_REQUESTS',
      );
      expect(err.message).toMatch(/^Too many draft saves\. Please try again in \d+ seconds\.$/);
      expect((await api.drafts.get()).draft?.text).toBe('<p>5</p>');
    } finally {
      await limited.close();
    }
  });
});
