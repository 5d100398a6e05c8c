// Every tRPC procedure through createCaller: outputs, error codes, and who may do what; then a few calls
// over real HTTP (wire format, cookies, statuses, readable messages) and parity with the /api transport.
import { TRPCError } from '@trpc/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../../server/src/contract/errors';
import { makeTestApp, person, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;

/** The TRPCError a call fails with (fails the test when it succeeds). */
async function failure(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

async function expectCode(call: Promise<unknown>, code: TRPCError['code'], message?: string | RegExp): Promise<TRPCError> {
  const err = await failure(call);
  expect(err.code, err.message).toBe(code);
  if (typeof message === 'string') expect(err.message).toBe(message);
  else if (message) expect(err.message).toMatch(message);
  return err;
}

/** The per-field messages a client gets (core AppError fields, or the input parser's zod issues). */
function fieldErrorsOf(err: TRPCError): Record<string, string> {
  const cause = err.cause;
  if (cause instanceof AppError) return cause.fieldErrors ?? {};
  if (cause instanceof ZodError) {
    const out: Record<string, string> = {};
    for (const issue of cause.issues) out[issue.path.join('.') || '_'] ??= issue.message;
    return out;
  }
  return {};
}

async function expectBadInput(call: Promise<unknown>, fields: Record<string, string | RegExp>) {
  const err = await expectCode(call, 'BAD_REQUEST');
  const got = fieldErrorsOf(err);
  for (const [field, message] of Object.entries(fields)) {
    expect(got[field], `fieldErrors.${field}`).toBeDefined();
    if (typeof message === 'string') expect(got[field]).toBe(message);
    else expect(got[field]).toMatch(message);
  }
  return err;
}

let pngCount = 0;
async function uploadPng(client: TestClient): Promise<string> {
  pngCount += 1;
  const bytes = await sharp({ create: { width: 8 + pngCount, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'pic.png');
  const res = await client.post('/api/upload', form);
  expect(res.status, res.text).toBe(201);
  return res.body.data as string;
}

const visitor = () => t.caller(null);
const as = (p: { id: number }, extra: { signedInAt?: number; sessionId?: number } = {}) => t.caller(p.id, extra);
const fresh = () => ({ signedInAt: t.deps.clock.now() });

async function userRow(id: number) {
  return t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

const NO_SESSION = 'Access denied, no token provided.';

// ---------------------------------------------------------------------------------------------------------

describe('accounts', () => {
  it('register returns the lowercased username; bad input, taken names and the under-aged are refused', async () => {
    const fields = person({ username: 'New_Trpc.User' });
    expect(await visitor().accounts.register(fields)).toEqual({ username: 'new_trpc.user' });
    expect(await userRow(await t.userId('new_trpc.user'))).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      dob: '1990-04-12',
      is_private: 0,
    });

    await expectBadInput(
      visitor().accounts.register({ ...person(), username: 'a b', email: 'nope', password: 'short', dob: '2001-02-30' }),
      {
        username: 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.',
        email: 'Please enter a valid email address.',
        password: 'Password must be at least 8 characters.',
        dob: 'Date of birth must be a real date.',
      },
    );
    await expectBadInput(visitor().accounts.register({} as never), {
      username: /required/,
      email: /required/,
      password: /required/,
      dob: /required/,
    });

    const taken = await expectCode(
      visitor().accounts.register(person({ username: 'NEW_TRPC.USER' })),
      'CONFLICT',
      'That username is taken. Please choose another.',
    );
    expect(fieldErrorsOf(taken).username).toBe('That username is taken. Please choose another.');
    await expectCode(
      visitor().accounts.register(person({ email: fields.email.toUpperCase() })),
      'CONFLICT',
      'An account with that username or email already exists.',
    );

    const year = new Date(t.deps.clock.now()).getUTCFullYear();
    const young = await expectCode(
      visitor().accounts.register(person({ dob: `${year - 10}-01-01` })),
      'UNPROCESSABLE_CONTENT',
      'You must be at least 16 years old to register.',
    );
    expect(fieldErrorsOf(young).dob).toBe('You must be at least 16 years old to register.');
    await expectCode(
      visitor().accounts.register(person({ dob: `${year + 1}-01-01` })),
      'BAD_REQUEST',
      'Date of birth cannot be in the future.',
    );
  });

  it('login answers the profile without age and sets the session cookie; wrong credentials are UNAUTHORIZED', async () => {
    const fields = person({ first_name: 'Lina', last_name: 'Login' });
    await visitor().accounts.register(fields);
    const caller = visitor();
    const res = await caller.accounts.login({ email: fields.email, password: fields.password });
    expect(res).toEqual({
      user_info: {
        username: fields.username,
        first_name: 'Lina',
        last_name: 'Login',
        email: fields.email,
        dob: '1990-04-12T00:00:00.000',
        image: null,
        is_private: false,
      },
      locale: null,
    });
    expect(caller.resHeaders.get('set-cookie')).toMatch(/^access_token=[A-Za-z0-9_-]{22};.*HttpOnly/);

    await expectCode(
      visitor().accounts.login({ email: fields.email, password: 'wrong password' }),
      'UNAUTHORIZED',
      'Incorrect email or password.',
    );
    await expectCode(
      visitor().accounts.login({ email: 'nobody@example.com', password: fields.password }),
      'UNAUTHORIZED',
      'Incorrect email or password.',
    );
    await expectBadInput(visitor().accounts.login({ email: '', password: '' }), {
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it('logout ends the caller’s session and clears the cookie; a visitor may log out too', async () => {
    const me = await signedInPerson(t);
    const session = await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    const caller = as(me, { sessionId: session.id });
    expect(await caller.accounts.logout()).toBeUndefined();
    expect(caller.resHeaders.get('set-cookie')).toMatch(/^access_token=;.*Max-Age=0/);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('id', '=', session.id).executeTakeFirst()).toBeUndefined();
    const v = visitor();
    await v.accounts.logout();
    expect(v.resHeaders.get('set-cookie')).toMatch(/^access_token=;/);
  });

  it('me is null for a visitor and the profile (with age) for a signed-in person; profile needs a session', async () => {
    const me = await signedInPerson(t, { first_name: 'Mia', last_name: 'Me', dob: '2000-01-01' });
    expect(await visitor().accounts.me()).toBeNull();
    const expected = {
      username: me.username,
      first_name: 'Mia',
      last_name: 'Me',
      email: me.email,
      dob: '2000-01-01T00:00:00.000',
      age: new Date(t.deps.clock.now()).getUTCFullYear() - 2000,
      image: null,
      is_private: false,
    };
    expect(await as(me).accounts.me()).toEqual(expected);
    expect(await as(me).accounts.profile()).toEqual(expected);
    await expectCode(visitor().accounts.profile(), 'UNAUTHORIZED', NO_SESSION);
  });

  it('edit returns the new profile and applies the registration rules', async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    // A new address needs the current password or a recent sign-in (issue #23 §1).
    const edited = await as(me, fresh()).accounts.edit({
      first_name: '  Edda ',
      last_name: '',
      email: `E.${me.email}`,
      dob: '1980-05-06',
      is_private: true,
    });
    expect(edited).toMatchObject({
      username: me.username,
      first_name: 'Edda',
      last_name: null,
      email: me.email, // a new address takes effect when its emailed link is opened (ADR 0019)
      dob: '1980-05-06T00:00:00.000',
      is_private: true,
    });
    expect(await as(me).accounts.profile()).toEqual(edited);

    const base = { first_name: 'A', last_name: 'B', email: me.email, dob: '1980-05-06', is_private: false };
    await expectBadInput(as(me).accounts.edit({ ...base, first_name: 'x'.repeat(51), email: 'not-an-email', dob: '1980-13-01' }), {
      first_name: 'Names must be at most 50 characters.',
      email: 'Please enter a valid email address.',
      dob: /YYYY-MM-DD|real date/,
    });
    await expectBadInput(as(me).accounts.edit({ ...base, is_private: 'maybe' as never }), {
      is_private: 'is_private must be true or false.',
    });
    const taken = await expectCode(
      as(me, fresh()).accounts.edit({ ...base, email: other.email.toUpperCase() }),
      'CONFLICT',
      'Email is already taken.',
    );
    expect(fieldErrorsOf(taken).email).toBe('Email is already taken.');
    await expectCode(as(me).accounts.edit({ ...base, dob: '2020-01-01' }), 'UNPROCESSABLE_CONTENT');
    await expectCode(as(me).accounts.edit({ ...base, dob: '2999-01-01' }), 'BAD_REQUEST', 'Date of birth cannot be in the future.');
    expect(await as(me).accounts.profile()).toEqual(edited); // nothing of the refused edits stuck
  });

  it('changePassword needs a recent sign-in or the current password, rotates the session and ends the others', async () => {
    const me = await signedInPerson(t);
    await expectCode(as(me).accounts.changePassword({ password: 'a brand new pass' }), 'FORBIDDEN', /please enter your current password/);
    const stale = as(me, { signedInAt: t.deps.clock.now() - 11 * 60 * 1000 });
    await expectCode(stale.accounts.changePassword({ password: 'a brand new pass' }), 'FORBIDDEN');
    const wrong = await expectCode(
      as(me).accounts.changePassword({ password: 'a brand new pass', current_password: 'not it at all' }),
      'FORBIDDEN',
      'Your current password is incorrect.',
    );
    expect(fieldErrorsOf(wrong).current_password).toBe('Your current password is incorrect.');
    await expectBadInput(as(me, fresh()).accounts.changePassword({ password: 'short' }), {
      password: 'Password must be at least 8 characters.',
    });
    await expectBadInput(as(me, fresh()).accounts.changePassword({ password: 'x'.repeat(129) }), {
      password: 'Password must be at most 128 characters.',
    });

    const caller = as(me, fresh());
    expect(await caller.accounts.changePassword({ password: 'a brand new pass' })).toBeUndefined();
    expect(caller.resHeaders.get('set-cookie')).toMatch(/^access_token=[A-Za-z0-9_-]{22};/);
    expect((await me.client.get('/api/users/profile')).status).toBe(401); // the old session ended
    await expectCode(visitor().accounts.login({ email: me.email, password: me.password }), 'UNAUTHORIZED');
    await visitor().accounts.login({ email: me.email, password: 'a brand new pass' });

    expect(await as(me).accounts.changePassword({ password: 'third password', current_password: 'a brand new pass' })).toBeUndefined();
    await visitor().accounts.login({ email: me.email, password: 'third password' });
  });

  it('setPicture takes only the caller’s own upload; deletePicture clears it', async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    const mine = await uploadPng(me.client);
    const theirs = await uploadPng(other.client);
    expect(await as(me).accounts.setPicture({ image: mine })).toBeUndefined();
    expect((await as(me).accounts.profile()).image).toBe(mine);
    await expectCode(as(me).accounts.setPicture({ image: theirs }), 'NOT_FOUND', 'That image does not exist. Please upload it again.');
    await expectCode(as(me).accounts.setPicture({ image: 'ffffffffffffffffffffffffffffffff.png' }), 'NOT_FOUND');
    await expectBadInput(as(me).accounts.setPicture({ image: '' }), { image: 'Choose an uploaded image first.' });
    expect((await as(me).accounts.profile()).image).toBe(mine);
    expect(await as(me).accounts.deletePicture()).toBeUndefined();
    expect((await as(me).accounts.profile()).image).toBeNull();
  });

  it('deleteAccount removes the person and clears the cookie; the gone account is signed out everywhere', async () => {
    const me = await signedInPerson(t);
    const caller = as(me, fresh());
    expect(await caller.accounts.deleteAccount()).toBeUndefined();
    expect(caller.resHeaders.get('set-cookie')).toMatch(/^access_token=;/);
    expect(await userRow(me.id)).toBeUndefined();
    await expectCode(as(me).accounts.profile(), 'UNAUTHORIZED', /no longer exists/);
    expect((await me.client.get('/api/users/profile')).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('stories', () => {
  let author: Person;
  let reader: Person;
  beforeAll(async () => {
    author = await signedInPerson(t, { first_name: 'Sam', last_name: 'Story' });
    reader = await signedInPerson(t);
  });

  it('save returns the page count, the new story version and draft counter; bad input is refused with the field', async () => {
    expect(await as(author).stories.publish({ title: '  My life  ', text: storyHtml(20) })).toEqual({
      page_count: 3,
      version: 1,
      draft_version: 1,
    });
    await expectBadInput(as(author).stories.publish({ title: '', text: '<p>x</p>' }), { title: 'Please give your story a title.' });
    await expectBadInput(as(author).stories.publish({ title: 'x'.repeat(201), text: '' }), {
      title: 'The title must be at most 200 characters.',
    });
    await expectBadInput(as(author).stories.publish({ title: 5 as never }), { title: 'The title must be text.' });
  });

  it('get gives the story; the body only to its author; unknown is null', async () => {
    const seen = await as(reader).stories.get({ username: author.username.toUpperCase() });
    expect(seen).toMatchObject({
      username: author.username,
      title: 'My life',
      story_image: null,
      first_name: 'Sam',
      last_name: 'Story',
      dob: '1990-04-12T00:00:00.000',
      user_image: null,
      is_private: false,
      page_count: 3,
      text: null,
      like_count: 0,
    });
    expect(seen!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await visitor().stories.get({ username: author.username })).toEqual(seen);
    const own = await as(author).stories.get({ username: author.username });
    expect(own!.text).toContain('w0x0');
    expect(await visitor().stories.get({ username: 'nobody_here' })).toBeNull();
    expect(await visitor().stories.get({ username: reader.username })).toBeNull(); // a person without a story
    await expectBadInput(visitor().stories.get({ username: '' }), { username: 'A story username is required.' });
  });

  it('page gives one page; unknown story or page is NOT_FOUND; a bad number BAD_REQUEST', async () => {
    const p2 = await visitor().stories.page({ username: author.username, page_number: 2 });
    expect(p2).toMatchObject({ page_number: 2, page_count: 3 });
    expect(p2.html).toContain('<p dir="auto">');
    await expectCode(
      visitor().stories.page({ username: author.username, page_number: 4 }),
      'NOT_FOUND',
      `Page number 4 for user '${author.username}' does not exist.`,
    );
    await expectCode(visitor().stories.page({ username: 'nobody_here', page_number: 1 }), 'NOT_FOUND');
    await expectBadInput(visitor().stories.page({ username: author.username, page_number: 0 }), { page_number: 'Invalid parameters.' });
  });

  it('setBanner / deleteBanner work on the caller’s own story with the caller’s own upload', async () => {
    const mine = await uploadPng(author.client);
    const theirs = await uploadPng(reader.client);
    expect(await as(author).stories.setBanner({ image: mine })).toBeUndefined();
    expect((await visitor().stories.get({ username: author.username }))!.story_image).toBe(mine);
    await expectCode(as(author).stories.setBanner({ image: theirs }), 'NOT_FOUND', 'That image does not exist. Please upload it again.');
    await expectCode(as(reader).stories.setBanner({ image: theirs }), 'NOT_FOUND', 'You must create a story first.');
    await expectCode(as(reader).stories.deleteBanner(), 'NOT_FOUND', 'You must create a story first.');
    expect(await as(author).stories.deleteBanner()).toBeUndefined();
    expect((await visitor().stories.get({ username: author.username }))!.story_image).toBeNull();
  });

  it('delete: someone else’s story is FORBIDDEN, an unknown one NOT_FOUND, one’s own goes', async () => {
    await expectCode(as(reader).stories.delete({ story_username: author.username }), 'FORBIDDEN', 'You can only delete your own story.');
    await expectCode(as(reader).stories.delete({ story_username: 'nobody_here' }), 'NOT_FOUND', 'Story not found.');
    await expectCode(as(reader).stories.delete({ story_username: reader.username }), 'NOT_FOUND', 'Story not found.');
    expect(await as(author).stories.delete({ story_username: author.username })).toBeUndefined();
    expect(await visitor().stories.get({ username: author.username })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('social', () => {
  let author: Person;
  let fan: Person;
  beforeAll(async () => {
    author = await signedInPerson(t);
    fan = await signedInPerson(t, { first_name: 'Fanny', last_name: 'Fan' });
    await as(author).stories.publish({ title: 'Commented on', text: storyHtml(1) });
  });

  it('flags, like and save are idempotent by state; unknown stories are NOT_FOUND', async () => {
    const ref = { story_username: author.username };
    expect(await visitor().social.flags(ref)).toEqual({ liked: false, bookmarked: false });
    expect(await as(fan).social.like({ ...ref, on: true })).toEqual({ on: true, changed: true });
    expect(await as(fan).social.like({ ...ref, on: true })).toEqual({ on: true, changed: false });
    expect(await as(fan).social.bookmark({ ...ref, on: true })).toEqual({ on: true, changed: true });
    expect(await as(fan).social.flags(ref)).toEqual({ liked: true, bookmarked: true });
    expect(await as(author).social.flags(ref)).toEqual({ liked: false, bookmarked: false });
    expect(await visitor().social.flags(ref)).toEqual({ liked: false, bookmarked: false });
    expect((await visitor().stories.get({ username: author.username }))!.like_count).toBe(1);
    expect(await as(fan).social.like({ ...ref, on: false })).toEqual({ on: false, changed: true });
    expect(await as(fan).social.bookmark({ ...ref, on: false })).toEqual({ on: false, changed: true });
    expect(await as(fan).social.bookmark({ ...ref, on: false })).toEqual({ on: false, changed: false });
    expect(await as(fan).social.flags(ref)).toEqual({ liked: false, bookmarked: false });

    await expectCode(as(fan).social.like({ story_username: 'nobody_here', on: true }), 'NOT_FOUND', 'Story not found.');
    await expectCode(as(fan).social.bookmark({ story_username: fan.username, on: true }), 'NOT_FOUND', 'Story not found.');
    await expectBadInput(as(fan).social.like({ ...ref } as never), { on: /Required|add or remove/ });
    expect(await visitor().social.flags({ story_username: 'nobody_here' })).toEqual({ liked: false, bookmarked: false });
  });

  it('comment returns the comment (username only, trimmed); comments and commentCount list them newest first', async () => {
    const ref = { story_username: author.username };
    const first = await as(fan).social.comment({ ...ref, text: '  Lovely story.  ' });
    expect(first).toMatchObject({ username: fan.username, first_name: null, last_name: null, text: 'Lovely story.', image: null });
    expect(first.comment_id).toBeGreaterThan(0);
    expect(first.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = await as(author).social.comment({ ...ref, text: 'Thank you!' });
    const list = await visitor().social.comments({ ...ref, page: 1, limit: 50 });
    expect(list.map((c) => c.comment_id)).toEqual([second.comment_id, first.comment_id]);
    expect(list[1]).toEqual(first);
    expect(await visitor().social.comments({ ...ref, page: 1, limit: 1 })).toHaveLength(1);
    expect(await visitor().social.comments({ ...ref, page: 2, limit: 1 })).toEqual([first]);
    expect(await visitor().social.commentCount(ref)).toEqual({ count: 2 });
    expect(await visitor().social.comments({ story_username: 'nobody_here', page: 1, limit: 50 })).toEqual([]);
    expect(await visitor().social.commentCount({ story_username: 'nobody_here' })).toEqual({ count: 0 });

    await expectBadInput(as(fan).social.comment({ ...ref, text: '   ' }), { text: 'A comment needs some text.' });
    await expectBadInput(as(fan).social.comment({ ...ref, text: 'x'.repeat(5001) }), {
      text: 'Comment exceeds the limit of 5000 characters.',
    });
    await expectCode(as(fan).social.comment({ story_username: 'nobody_here', text: 'hi' }), 'NOT_FOUND', 'Story not found.');
    await expectBadInput(visitor().social.comments({ ...ref, page: 1, limit: 51 }), { limit: 'limit must be at most 50.' });
  });

  it('deleteComment: the comment’s author or the story’s; others FORBIDDEN, unknown NOT_FOUND', async () => {
    const ref = { story_username: author.username };
    const c = await as(fan).social.comment({ ...ref, text: 'To be deleted.' });
    const stranger = await signedInPerson(t);
    await expectCode(
      as(stranger).social.deleteComment({ comment_id: c.comment_id }),
      'FORBIDDEN',
      'You can only delete your own comments, or comments on your own story.',
    );
    await expectCode(as(fan).social.deleteComment({ comment_id: 999_999 }), 'NOT_FOUND', 'Comment not found.');
    await expectBadInput(as(fan).social.deleteComment({ comment_id: 'abc' as never }), { comment_id: 'comment_id must be a number.' });
    expect(await as(fan).social.deleteComment({ comment_id: c.comment_id })).toBeUndefined();
    expect((await visitor().social.comments({ ...ref, page: 1, limit: 50 })).map((x) => x.comment_id)).not.toContain(c.comment_id);
    await expectCode(as(fan).social.deleteComment({ comment_id: c.comment_id }), 'NOT_FOUND');
    // The story's author may delete any comment on their story (ADR 0020).
    const other = await as(fan).social.comment({ ...ref, text: 'The author removes this.' });
    expect(await as(author).social.deleteComment({ comment_id: other.comment_id })).toBeUndefined();
    expect((await visitor().social.comments({ ...ref, page: 1, limit: 50 })).map((x) => x.comment_id)).not.toContain(other.comment_id);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('explore', () => {
  let t2: TestApp;
  let names: string[];
  let reader: number;
  beforeAll(async () => {
    // Its own app, so the lists hold exactly these stories.
    t2 = await makeTestApp();
    const ids: number[] = [];
    const firstNames = ['Quentin', 'Bartholomew', 'Ignatius'];
    for (const [i, title] of ['Orchard summers', 'Harbour lights', 'Orchard winters'].entries()) {
      const fields = person({ username: `explorer${i}`, first_name: firstNames[i], last_name: 'Explorer' });
      await t2.caller(null).accounts.register(fields);
      const id = await t2.userId(fields.username);
      ids.push(id);
      await t2.caller(id).stories.publish({ title, text: storyHtml(1) });
      await new Promise((r) => setTimeout(r, 5)); // creation order is by the system clock: keep them apart
    }
    names = ['explorer0', 'explorer1', 'explorer2'];
    await t2.caller(null).accounts.register(person({ username: 'explore_reader' }));
    reader = await t2.userId('explore_reader');
    // explorer1: 2 likes, explorer2: 1, explorer0: 0
    await t2.caller(ids[0]!).social.like({ story_username: 'explorer1', on: true });
    await t2.caller(ids[2]!).social.like({ story_username: 'explorer1', on: true });
    await t2.caller(reader).social.like({ story_username: 'explorer2', on: true });
    await t2.caller(reader).social.bookmark({ story_username: 'explorer0', on: true });
    await new Promise((r) => setTimeout(r, 5));
    await t2.caller(reader).social.bookmark({ story_username: 'explorer1', on: true });
    await t2.deps.projector.drain();
  });
  afterAll(async () => t2.close());

  it('search finds stories and people with highlights; blank finds nothing; too long is BAD_REQUEST', async () => {
    const found = await t2.caller(null).explore.search({ text: 'orch', kind: 'stories' });
    expect(found.map((x) => x.username).sort()).toEqual(['explorer0', 'explorer2']);
    expect(found[0]!.highlights).toContainEqual({ field: 'title', start: 0, length: 4 });
    expect(found[0]).toMatchObject({ title: expect.stringMatching(/^Orchard/), like_count: expect.any(Number) });
    const people = await t2.caller(null).explore.search({ text: 'bartho', kind: 'users' });
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({
      username: 'explorer1',
      title: 'Harbour lights',
      first_name: 'Bartholomew',
      last_name: 'Explorer',
      like_count: 2,
    });
    expect(people[0]!.highlights).toEqual([{ field: 'first_name', start: 0, length: 6 }]);
    expect(await t2.caller(null).explore.search({ text: 'bartho', kind: 'stories' })).toEqual([]);
    expect(await t2.caller(null).explore.search({ text: '   ', kind: 'all' })).toEqual([]);
    const all = await t2.caller(null).explore.search({ text: 'explorer1', kind: 'all' });
    expect(all[0]!.username).toBe('explorer1'); // the exact match first, typo matches after it
    expect(new Set(all.map((x) => x.username)).size).toBe(all.length); // one entry per person
    await expectBadInput(t2.caller(null).explore.search({ text: 'x'.repeat(101), kind: 'all' }), {
      text: 'The search term must be at most 100 characters.',
    });
    await expectBadInput(t2.caller(null).explore.search({ text: 'x', kind: 'everything' as never }), { kind: /Invalid enum value/ });
  });

  it('top and topCount rank by likes; new and newCount by creation', async () => {
    const top = await t2.caller(null).explore.top({ page: 1, limit: 50, window: 'all' });
    expect(top.map((x) => x.username)).toEqual(['explorer1', 'explorer2', 'explorer0']);
    expect(top.map((x) => x.like_count)).toEqual([2, 1, 0]);
    expect(await t2.caller(null).explore.top({ page: 2, limit: 2, window: 'all' })).toHaveLength(1);
    expect((await t2.caller(null).explore.top({ page: 1, limit: 50, window: 'month' })).map((x) => x.username)).toEqual([
      'explorer1',
      'explorer2',
    ]);
    expect(await t2.caller(null).explore.topCount({ window: 'all' })).toEqual({ count: 3 });
    expect(await t2.caller(null).explore.topCount({ window: 'year' })).toEqual({ count: 2 });
    const fresh = await t2.caller(null).explore.new({ page: 1, limit: 50 });
    expect(fresh.map((x) => x.username)).toEqual([...names].reverse());
    expect(fresh[0]).toMatchObject({ title: 'Orchard winters', image: null, like_count: 1 });
    expect(await t2.caller(null).explore.newCount()).toEqual({ count: 3 });
    await expectBadInput(t2.caller(null).explore.new({ page: -1, limit: 10 }), { page: 'page must be at least 1.' });
    await expectBadInput(t2.caller(null).explore.topCount({ window: 'decade' as never }), { window: /Invalid enum value/ });
  });

  it('saved and savedCount list the caller’s saves, newest first; visitors are UNAUTHORIZED', async () => {
    const saved = await t2.caller(reader).explore.bookmarks({ page: 1, limit: 50 });
    expect(saved.map((x) => x.username)).toEqual(['explorer1', 'explorer0']);
    expect(await t2.caller(reader).explore.bookmarkCount()).toEqual({ count: 2 });
    expect(await t2.caller(await t2.userId('explorer0')).explore.bookmarks({ page: 1, limit: 50 })).toEqual([]);
    await expectCode(t2.caller(null).explore.bookmarks({ page: 1, limit: 50 }), 'UNAUTHORIZED', NO_SESSION);
    await expectCode(t2.caller(null).explore.bookmarkCount(), 'UNAUTHORIZED', NO_SESSION);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('rate limits', () => {
  it('answer TOO_MANY_REQUESTS with a readable message', async () => {
    // 1 registration, 1 failed sign-in per account and client (successes do not count: ADR 0009), 2 comments
    const limited = await makeTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
    try {
      const fields = person();
      await limited.caller(null).accounts.register(fields);
      await expectCode(
        limited.caller(null).accounts.register(person()),
        'TOO_MANY_REQUESTS',
        /^Too many new accounts from your network\. Please try again in \d+ minutes\.$/,
      );
      await limited.caller(null).accounts.login({ email: fields.email, password: fields.password });
      await expectCode(
        limited.caller(null).accounts.login({ email: fields.email, password: 'not the password' }),
        'UNAUTHORIZED',
        'Incorrect email or password.',
      );
      await expectCode(
        limited.caller(null).accounts.login({ email: fields.email, password: fields.password }),
        'TOO_MANY_REQUESTS',
        /failed sign-in attempts for this account/,
      );
      const id = await limited.userId(fields.username);
      await limited.caller(id).stories.publish({ title: 'Busy', text: '<p>x</p>' });
      for (const text of ['one', 'two']) await limited.caller(id).social.comment({ story_username: fields.username, text });
      await expectCode(
        limited.caller(id).social.comment({ story_username: fields.username, text: 'three' }),
        'TOO_MANY_REQUESTS',
        /^Too many comments\./,
      );
    } finally {
      await limited.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('every user procedure refuses visitors with UNAUTHORIZED', () => {
  const calls: [string, () => Promise<unknown>][] = [
    ['accounts.profile', () => visitor().accounts.profile()],
    [
      'accounts.edit',
      () => visitor().accounts.edit({ first_name: 'a', last_name: 'b', email: 'a@example.com', dob: '1990-01-01', is_private: false }),
    ],
    ['accounts.changePassword', () => visitor().accounts.changePassword({ password: 'long enough pass' })],
    ['accounts.setPicture', () => visitor().accounts.setPicture({ image: 'ffffffffffffffffffffffffffffffff.png' })],
    ['accounts.deletePicture', () => visitor().accounts.deletePicture()],
    ['accounts.deleteAccount', () => visitor().accounts.deleteAccount()],
    ['stories.publish', () => visitor().stories.publish({ title: 'x', text: '' })],
    ['stories.delete', () => visitor().stories.delete({ story_username: 'someone' })],
    ['stories.setBanner', () => visitor().stories.setBanner({ image: 'ffffffffffffffffffffffffffffffff.png' })],
    ['stories.deleteBanner', () => visitor().stories.deleteBanner()],
    ['social.like', () => visitor().social.like({ story_username: 'someone', on: true })],
    ['social.bookmark', () => visitor().social.bookmark({ story_username: 'someone', on: true })],
    ['social.comment', () => visitor().social.comment({ story_username: 'someone', text: 'hi' })],
    ['social.deleteComment', () => visitor().social.deleteComment({ comment_id: 1 })],
    ['explore.bookmarks', () => visitor().explore.bookmarks({ page: 1, limit: 5 })],
    ['explore.bookmarkCount', () => visitor().explore.bookmarkCount()],
  ];
  for (const [name, call] of calls) {
    it(name, async () => {
      await expectCode(call(), 'UNAUTHORIZED', NO_SESSION);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------

describe('authorization matrix: visitor / another user / owner', () => {
  let owner: Person;
  let intruder: Person;
  let host: Person; // a third story, where comments, likes and saves go
  let ownerUpload: string;
  let ownerPicture: string;
  let ownerComment: number;
  const ref = () => ({ story_username: host.username });
  beforeAll(async () => {
    owner = await signedInPerson(t, { first_name: 'Owen', last_name: 'Owner' });
    intruder = await signedInPerson(t);
    host = await signedInPerson(t);
    await as(owner).stories.publish({ title: 'Owner story', text: storyHtml(1) });
    await as(host).stories.publish({ title: 'Host story', text: storyHtml(1) });
    ownerUpload = await uploadPng(owner.client);
    ownerPicture = await uploadPng(owner.client);
    ownerComment = (await as(owner).social.comment({ ...ref(), text: 'Owner comment' })).comment_id;
  });
  const ownerStory = () => visitor().stories.get({ username: owner.username });

  it('stories.publish', async () => {
    await expectCode(visitor().stories.publish({ title: 'Hijack', text: '' }), 'UNAUTHORIZED');
    await as(intruder).stories.publish({ title: 'Hijack', text: '<p>mine</p>' }); // writes the intruder's own story
    expect((await ownerStory())!.title).toBe('Owner story');
    expect((await visitor().stories.get({ username: intruder.username }))!.title).toBe('Hijack');
    await as(owner).stories.publish({ title: 'Owner story, revised', text: storyHtml(1) });
    expect((await ownerStory())!.title).toBe('Owner story, revised');
  });

  it('stories.setBanner', async () => {
    await expectCode(visitor().stories.setBanner({ image: ownerUpload }), 'UNAUTHORIZED');
    await expectCode(as(intruder).stories.setBanner({ image: ownerUpload }), 'NOT_FOUND');
    expect((await ownerStory())!.story_image).toBeNull();
    expect((await visitor().stories.get({ username: intruder.username }))!.story_image).toBeNull();
    await as(owner).stories.setBanner({ image: ownerUpload });
    expect((await ownerStory())!.story_image).toBe(ownerUpload);
  });

  it('stories.deleteBanner', async () => {
    await expectCode(visitor().stories.deleteBanner(), 'UNAUTHORIZED');
    await as(intruder).stories.deleteBanner(); // only ever the caller's own banner
    expect((await ownerStory())!.story_image).toBe(ownerUpload);
    await as(owner).stories.deleteBanner();
    expect((await ownerStory())!.story_image).toBeNull();
    // A banner no longer used is forgotten with its file: nobody can point at it again.
    await expectCode(as(owner).stories.setBanner({ image: ownerUpload }), 'NOT_FOUND');
  });

  it('social.like', async () => {
    await expectCode(visitor().social.like({ ...ref(), on: true }), 'UNAUTHORIZED');
    await as(owner).social.like({ ...ref(), on: true });
    expect(await as(intruder).social.like({ ...ref(), on: false })).toEqual({ on: false, changed: false }); // cannot undo the owner's like
    expect(await as(owner).social.flags(ref())).toMatchObject({ liked: true });
    expect((await visitor().stories.get({ username: host.username }))!.like_count).toBe(1);
    expect(await as(owner).social.like({ ...ref(), on: false })).toEqual({ on: false, changed: true });
  });

  it('social.bookmark', async () => {
    await expectCode(visitor().social.bookmark({ ...ref(), on: true }), 'UNAUTHORIZED');
    await as(owner).social.bookmark({ ...ref(), on: true });
    expect(await as(intruder).social.bookmark({ ...ref(), on: false })).toEqual({ on: false, changed: false });
    expect(await as(owner).explore.bookmarkCount()).toEqual({ count: 1 });
    expect(await as(intruder).explore.bookmarkCount()).toEqual({ count: 0 });
    expect(await as(owner).social.bookmark({ ...ref(), on: false })).toEqual({ on: false, changed: true });
  });

  it('social.comment', async () => {
    await expectCode(visitor().social.comment({ ...ref(), text: 'anon' }), 'UNAUTHORIZED');
    // The author comes from the session; a username in the input is ignored.
    const c = await as(intruder).social.comment({ ...ref(), text: 'from intruder', username: owner.username } as never);
    expect((c as { username: string }).username).toBe(intruder.username);
    const own = await as(owner).social.comment({ ...ref(), text: 'from owner' });
    expect(own.username).toBe(owner.username);
  });

  it('social.deleteComment', async () => {
    await expectCode(visitor().social.deleteComment({ comment_id: ownerComment }), 'UNAUTHORIZED');
    await expectCode(as(intruder).social.deleteComment({ comment_id: ownerComment }), 'FORBIDDEN');
    expect((await visitor().social.comments({ ...ref(), page: 1, limit: 50 })).map((c) => c.comment_id)).toContain(ownerComment);
    await as(owner).social.deleteComment({ comment_id: ownerComment });
    expect((await visitor().social.comments({ ...ref(), page: 1, limit: 50 })).map((c) => c.comment_id)).not.toContain(ownerComment);
    // The story's author may delete any comment on their story (ADR 0020).
    const another = (await as(owner).social.comment({ ...ref(), text: 'Owner comment again' })).comment_id;
    await as(host).social.deleteComment({ comment_id: another });
    expect((await visitor().social.comments({ ...ref(), page: 1, limit: 50 })).map((c) => c.comment_id)).not.toContain(another);
  });

  it('accounts.edit', async () => {
    const input = { first_name: 'Hacked', last_name: 'Name', email: intruder.email, dob: '1990-01-01', is_private: true };
    await expectCode(visitor().accounts.edit(input), 'UNAUTHORIZED');
    await as(intruder).accounts.edit(input);
    expect(await as(owner).accounts.profile()).toMatchObject({ first_name: 'Owen', last_name: 'Owner', is_private: false });
    expect(await as(owner).accounts.edit({ ...input, first_name: 'Owena', email: owner.email, is_private: false })).toMatchObject({
      first_name: 'Owena',
      email: owner.email,
    });
  });

  it('accounts.setPicture', async () => {
    await expectCode(visitor().accounts.setPicture({ image: ownerPicture }), 'UNAUTHORIZED');
    await expectCode(as(intruder).accounts.setPicture({ image: ownerPicture }), 'NOT_FOUND');
    expect((await as(intruder).accounts.profile()).image).toBeNull();
    await as(owner).accounts.setPicture({ image: ownerPicture });
    expect((await as(owner).accounts.profile()).image).toBe(ownerPicture);
  });

  it('accounts.deletePicture', async () => {
    await expectCode(visitor().accounts.deletePicture(), 'UNAUTHORIZED');
    await as(intruder).accounts.deletePicture();
    expect((await as(owner).accounts.profile()).image).toBe(ownerPicture);
    await as(owner).accounts.deletePicture();
    expect((await as(owner).accounts.profile()).image).toBeNull();
  });

  it('accounts.changePassword', async () => {
    await expectCode(visitor().accounts.changePassword({ password: 'new password 1' }), 'UNAUTHORIZED');
    await as(intruder, fresh()).accounts.changePassword({ password: 'new password 1' });
    await visitor().accounts.login({ email: owner.email, password: owner.password }); // the owner's password still works
    await expectCode(visitor().accounts.login({ email: owner.email, password: 'new password 1' }), 'UNAUTHORIZED');
    await as(owner, fresh()).accounts.changePassword({ password: 'new password 2' });
    await visitor().accounts.login({ email: owner.email, password: 'new password 2' });
  });

  it('stories.delete', async () => {
    await expectCode(visitor().stories.delete({ story_username: owner.username }), 'UNAUTHORIZED');
    await expectCode(as(intruder).stories.delete({ story_username: owner.username }), 'FORBIDDEN');
    expect(await ownerStory()).not.toBeNull();
    await as(owner).stories.delete({ story_username: owner.username });
    expect(await ownerStory()).toBeNull();
  });

  it('accounts.deleteAccount', async () => {
    await expectCode(visitor().accounts.deleteAccount(), 'UNAUTHORIZED');
    await as(intruder, fresh()).accounts.deleteAccount(); // deletes only the intruder
    expect(await userRow(intruder.id)).toBeUndefined();
    expect(await userRow(owner.id)).toBeDefined();
    await as(owner, fresh()).accounts.deleteAccount();
    expect(await userRow(owner.id)).toBeUndefined();
    expect(await userRow(host.id)).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------------------

const q = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

describe('over HTTP', () => {
  it('login sets the access_token cookie, me then returns the profile, logout clears and ends it', async () => {
    const fields = person({ first_name: 'Hettie', last_name: 'Http' });
    const c = t.client();
    const reg = await c.post('/trpc/accounts.register', fields);
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ result: { data: { username: fields.username } } });

    expect((await c.get(q('accounts.me'))).body).toEqual({ result: { data: null } });
    const login = await c.post('/trpc/accounts.login', { email: fields.email, password: fields.password });
    expect(login.status).toBe(200);
    expect(login.body.result.data.user_info).toMatchObject({ username: fields.username, first_name: 'Hettie' });
    expect(login.headers.get('set-cookie')).toMatch(/^access_token=[A-Za-z0-9_-]{22};.*HttpOnly/i);
    expect(c.cookie).toMatch(/^access_token=.{22}$/);
    const session = c.cookie;

    const me = await c.get(q('accounts.me'));
    expect(me.status).toBe(200);
    expect(me.body.result.data).toMatchObject({
      username: fields.username,
      first_name: 'Hettie',
      last_name: 'Http',
      email: fields.email,
      is_private: false,
    });
    expect(me.body.result.data.age).toBeGreaterThan(16);

    const out = await c.post('/trpc/accounts.logout', {});
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^access_token=;.*Max-Age=0/);
    expect(c.cookie).toBeNull();
    expect((await c.get(q('accounts.me'))).body).toEqual({ result: { data: null } });
    const replay = t.client();
    replay.cookie = session;
    expect((await replay.get(q('accounts.me'))).body).toEqual({ result: { data: null } });
  });

  it('errors carry the HTTP status, the tRPC code, fieldErrors and a human message', async () => {
    const author = await signedInPerson(t);
    await author.client.post('/trpc/stories.publish', { title: 'Over the wire', text: storyHtml(1) });
    const other = await signedInPerson(t);

    const bad = await t.client().post('/trpc/accounts.register', { ...person(), username: 'has space', password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    expect(bad.body.error.message).toBe(Object.values(bad.body.error.data.fieldErrors)[0]); // one field's sentence
    expect(bad.body.error.data.fieldErrors).toEqual({
      username: 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.',
      password: 'Password must be at least 8 characters.',
    });
    expect(bad.body.error.data.stack).toBeUndefined();

    const typed = await t.client().get(q('stories.page', { username: author.username, page_number: 'x' }));
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toBe('Invalid parameters.');
    expect(typed.body.error.message).not.toMatch(/^\s*[[{]/); // not a JSON dump of zod issues

    const cases: [TestClient, string, 'GET' | 'POST', unknown, number, string, string][] = [
      [t.client(), 'accounts.profile', 'GET', undefined, 401, 'UNAUTHORIZED', NO_SESSION],
      [
        other.client,
        'stories.delete',
        'POST',
        { story_username: author.username },
        403,
        'FORBIDDEN',
        'You can only delete your own story.',
      ],
      [
        t.client(),
        'stories.page',
        'GET',
        { username: author.username, page_number: 9 },
        404,
        'NOT_FOUND',
        `Page number 9 for user '${author.username}' does not exist.`,
      ],
      [
        t.client(),
        'accounts.register',
        'POST',
        person({ username: author.username }),
        409,
        'CONFLICT',
        'That username is taken. Please choose another.',
      ],
      [
        t.client(),
        'accounts.register',
        'POST',
        person({ dob: '2020-02-02' }),
        422,
        'UNPROCESSABLE_CONTENT',
        'You must be at least 16 years old to register.',
      ],
    ];
    for (const [client, path, method, input, status, code, message] of cases) {
      const res = method === 'GET' ? await client.get(q(path, input)) : await client.post(`/trpc/${path}`, input);
      expect(res.status, path).toBe(status);
      expect(res.body.error.data, path).toMatchObject({ code, httpStatus: status });
      expect(res.body.error.message, path).toBe(message);
    }
    const taken = await t.client().post('/trpc/accounts.register', person({ username: author.username }));
    expect(taken.body.error.data.fieldErrors).toEqual({ username: 'That username is taken. Please choose another.' });
    const unauth = await t.client().get(q('accounts.profile'));
    expect(unauth.body.error.data.fieldErrors).toBeNull();
  });

  it('queries need GET and mutations POST', async () => {
    expect((await t.client().post('/trpc/explore.newCount', {})).status).toBe(405);
    expect((await t.client().get(q('accounts.logout'))).status).toBe(405);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('parity with /api', () => {
  let t3: TestApp;
  let a: Person;
  let b: Person;
  let c: Person;
  beforeAll(async () => {
    t3 = await makeTestApp();
    a = await signedInPerson(t3, { username: 'parity_a', first_name: 'Pia', last_name: 'Parity' });
    b = await signedInPerson(t3, { username: 'parity_b' });
    c = await signedInPerson(t3, { username: 'parity_c' });
    await a.client.post('/api/stories/save', { title: 'Story A', text: storyHtml(12) });
    await b.client.post('/api/stories/save', { title: 'Story B', text: storyHtml(1) });
    await c.client.post('/api/stories/save', { title: 'Story C', text: storyHtml(1) });
    const banner = await uploadPng(a.client);
    await a.client.post('/api/stories/upload', { image: banner });
    for (const who of [a, c]) await t3.caller(who.id).social.like({ story_username: 'parity_b', on: true });
    await t3.caller(b.id).social.like({ story_username: 'parity_c', on: true });
    for (const [who, text] of [
      [b, 'First!'],
      [c, 'Second.'],
      [b, 'Third, by b.'],
    ] as const) {
      await who.client.post('/api/comments/create', { data: { story_username: 'parity_a', text }, withCredentials: true });
    }
    await t3.deps.projector.drain();
  });
  afterAll(async () => t3.close());

  it('stories.get and POST /api/stories/story give the same story, for a visitor, a reader and the author', async () => {
    for (const [who, client] of [
      [null, t3.client()],
      [b.id, b.client],
      [a.id, a.client],
    ] as const) {
      const viaTrpc = await t3.caller(who).stories.get({ username: 'parity_a' });
      const viaRest = await client.post('/api/stories/story', { username: 'parity_a' });
      expect(viaRest.status).toBe(200);
      // /api keeps its shape: the audience is in the author's tRPC answer only (ADR 0026), the chapters in tRPC's
      // answers only (ADR 0029).
      expect(viaRest.body.data).toEqual({ ...viaTrpc, audience: undefined, chapters: undefined });
      expect(viaTrpc?.chapters).toEqual([]);
      expect(viaTrpc?.audience).toBe(who === a.id ? 'everyone' : undefined);
      expect(viaTrpc).toMatchObject({ title: 'Story A', first_name: 'Pia', page_count: 2, story_image: expect.stringMatching(/\.png$/) });
      const http = await client.get(q('stories.get', { username: 'parity_a' }));
      expect(http.body.result.data).toEqual(viaTrpc);
    }
  });

  it('explore.top and POST /api/searches/top give the same usernames in the same order', async () => {
    const viaTrpc = (await t3.caller(null).explore.top({ page: 1, limit: 50, window: 'all' })).map((x) => x.username);
    const viaRest = (await t3.client().post('/api/searches/top', {})).body.data.map((x: { username: string }) => x.username);
    expect(viaTrpc).toEqual(['parity_b', 'parity_c', 'parity_a']);
    expect(viaRest).toEqual(viaTrpc);
    const five = (await t3.client().get('/api/searches/top/5')).body.data.map((x: { username: string }) => x.username);
    expect(five).toEqual(viaTrpc);
  });

  it('social.comments and POST /api/comments/get give the same comments', async () => {
    const viaTrpc = await t3.caller(null).social.comments({ story_username: 'parity_a', page: 1, limit: 50 });
    const viaRest = await t3.client().post('/api/comments/get', { story_username: 'parity_a' });
    expect(viaRest.status).toBe(200);
    expect(viaTrpc.map((x) => x.text)).toEqual(['Third, by b.', 'Second.', 'First!']);
    expect(viaRest.body.data).toEqual(viaTrpc);
  });
});
