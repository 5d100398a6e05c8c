// The /api contract, user paths and uploads: /api/users/* and POST /api/upload (docs/rest-contract.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import {
  bodyless,
  cloneSession,
  DOB_LOCAL,
  expectError,
  expectFieldError,
  expectOk,
  NO_SESSION,
  png,
  uploadPng,
  wrapped,
} from '../support/rest-contract';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let alice: Person; // a story to like and save
let bob: Person;
let carol: Person;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [alice, bob, carol] = await Promise.all([
    signedInPerson(t, { username: 'alice_u', first_name: 'Alice', last_name: 'Ames', dob: '1985-11-30', email: 'alice.u@example.com' }),
    signedInPerson(t, { username: 'bob_u', first_name: 'Bob', last_name: 'Brown' }),
    signedInPerson(t, { username: 'carol_u' }),
  ]);
  expect((await alice.client.post('/api/stories/save', { title: 'Alice’s life', text: storyHtml(2) })).status).toBe(201);
  expect((await bob.client.post('/api/stories/save', { title: 'Bob’s life', text: storyHtml(1) })).status).toBe(201);
});
afterAll(async () => t.close());

const PROFILE_MSG = 'Successfully fetched user profile information';
const profileOf = async (client: TestClient) => {
  const res = await client.get('/api/users/profile');
  expectOk(res, 200, PROFILE_MSG);
  return res.body.data as Record<string, unknown>;
};
const rows = async (table: 'likes' | 'saves', userId: number, storyUserId: number) =>
  (await t.deps.db.selectFrom(table).selectAll().where('user_id', '=', userId).where('story_user_id', '=', storyUserId).execute()).length;

describe('every /api/users path and /api/upload needs a session', () => {
  const PROTECTED: [string, string, unknown][] = [
    ['GET', '/api/users/profile', undefined],
    ['GET', '/api/users/username', undefined],
    ['POST', '/api/users/like', wrapped({ liked: false, story_username: 'alice_u' })],
    ['POST', '/api/users/save', wrapped({ saved: false, story_username: 'alice_u' })],
    ['POST', '/api/users/edit', { first_name: 'X', last_name: 'Y', email: 'x@example.com', dob: '1990-01-01', is_private: 0 }],
    ['POST', '/api/users/password', { password: 'a new password' }],
    ['POST', '/api/users/upload', { image: 'whatever.png' }],
    ['DELETE', '/api/users/upload/delete', undefined],
    ['DELETE', '/api/users/delete', undefined],
  ];

  it.each(PROTECTED)('%s %s answers 401 "Access denied, no token provided." without a session', async (method, path, body) => {
    expectError(await t.client().send(method, path, body), 401, NO_SESSION);
  });

  it.each(PROTECTED)('%s %s answers 401 for a cookie whose session has ended', async (method, path, body) => {
    const stale = t.client();
    stale.cookie = 'access_token=not-a-live-session-token';
    expectError(await stale.send(method, path, body), 401, NO_SESSION);
  });

  it('POST /api/upload answers 401 without a session and stores nothing', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
    expectError(await t.client().post('/api/upload', form), 401, NO_SESSION);
    expect(await t.deps.db.selectFrom('uploads').selectAll().execute()).toHaveLength(0);
  });

  it('nothing changed for anyone', async () => {
    expect(await rows('likes', alice.id, alice.id)).toBe(0);
    expect((await profileOf(alice.client)).username).toBe('alice_u');
  });
});

describe('GET /api/users/profile and /api/users/username', () => {
  it('profile: the seven fields with their types, dob without a zone, image null, never a password hash', async () => {
    const res = await alice.client.get('/api/users/profile');
    expectOk(res, 200, PROFILE_MSG);
    const data = res.body.data;
    expect(data).toMatchObject({
      username: 'alice_u',
      first_name: 'Alice',
      last_name: 'Ames',
      email: 'alice.u@example.com',
      dob: '1985-11-30T00:00:00.000',
      image: null,
    });
    expect(data.dob).toMatch(DOB_LOCAL);
    expect(data).toHaveProperty('image', null);
    expect(typeof data.is_private === 'boolean' || [0, 1, null].includes(data.is_private)).toBe(true);
    expect(data.is_private).toBeFalsy();
    expect(res.text).not.toMatch(/argon2|password/i);
  });

  it('username: the session’s username as a bare string', async () => {
    const res = await bob.client.get('/api/users/username');
    expectOk(res, 200, 'Successfully fetched user username');
    expect(res.body.data).toBe('bob_u');
  });
});

describe('POST /api/users/like and GET /api/users/liked', () => {
  it('likes with the old client’s {data, withCredentials} body: 201, one row however often it is sent', async () => {
    const first = await bob.client.post('/api/users/like', wrapped({ liked: false, story_username: 'alice_u' }));
    expectOk(first, 201, 'Successfully liked story.', { bare: true });
    const second = await bob.client.post('/api/users/like', wrapped({ liked: false, story_username: 'alice_u' }));
    expectOk(second, 201, 'Successfully liked story.', { bare: true });
    expect(await rows('likes', bob.id, alice.id)).toBe(1);
    const liked = await bob.client.get('/api/users/liked');
    expectOk(liked, 200, "Successfully fetched user's liked stories.");
    expect(liked.body.data).toEqual([{ story_username: 'alice_u' }]);
    await t.deps.projector.drain();
    const top = await t.client().get('/api/searches/top/5');
    expect(top.body.data.find((s: { username: string }) => s.username === 'alice_u').like_count).toBe(1);
  });

  it('accepts the top-level shape too, a missing flag as "like", and any case of the username; liking your own story is allowed', async () => {
    expectOk(await carol.client.post('/api/users/like', { liked: false, story_username: 'ALICE_U' }), 201, 'Successfully liked story.');
    expectOk(await alice.client.post('/api/users/like', wrapped({ story_username: 'alice_u' })), 201, 'Successfully liked story.');
    expect(await rows('likes', carol.id, alice.id)).toBe(1);
    expect(await rows('likes', alice.id, alice.id)).toBe(1);
  });

  it('liked: true (the client’s current state) unlikes: 200, idempotent, and touches only the caller’s like', async () => {
    const res = await carol.client.post('/api/users/like', wrapped({ liked: true, story_username: 'alice_u' }));
    expectOk(res, 200, 'Successfully unliked story.', { bare: true });
    expectOk(
      await carol.client.post('/api/users/like', wrapped({ liked: true, story_username: 'alice_u' })),
      200,
      'Successfully unliked story.',
    );
    expect(await rows('likes', carol.id, alice.id)).toBe(0);
    // Bob's and Alice's likes of the same story still stand.
    expect(await rows('likes', bob.id, alice.id)).toBe(1);
    expect(await rows('likes', alice.id, alice.id)).toBe(1);
    expect((await carol.client.get('/api/users/liked')).body.data).toEqual([]);
  });

  it('an unknown story is 404; a missing story_username is 400', async () => {
    expectError(await bob.client.post('/api/users/like', wrapped({ liked: false, story_username: 'no_such_person' })), 404);
    expectError(await bob.client.post('/api/users/like', wrapped({ liked: false, story_username: 'carol_u' })), 404); // carol has no story
    expectError(await bob.client.post('/api/users/like', wrapped({ liked: false })), 400);
    expectError(await bob.client.post('/api/users/like', { withCredentials: true }), 400);
  });

  it('a visitor (or a stale session) gets 200 with [] so the story screen still renders', async () => {
    const visitor = await t.client().get('/api/users/liked');
    expectOk(visitor, 200, "Successfully fetched user's liked stories.");
    expect(visitor.body.data).toEqual([]);
    const stale = t.client();
    stale.cookie = 'access_token=expired-or-forged';
    expect((await stale.get('/api/users/liked')).body.data).toEqual([]);
  });
});

describe('POST /api/users/save and GET /api/users/saved', () => {
  it('saves with either body shape, idempotently (201 again, one row); saved: true unsaves with 200', async () => {
    expectOk(
      await carol.client.post('/api/users/save', wrapped({ saved: false, story_username: 'alice_u' })),
      201,
      'Successfully saved story.',
      { bare: true },
    );
    expectOk(await carol.client.post('/api/users/save', { saved: false, story_username: 'alice_u' }), 201, 'Successfully saved story.');
    expect(await rows('saves', carol.id, alice.id)).toBe(1);
    clock.advance(1000);
    expectOk(
      await carol.client.post('/api/users/save', wrapped({ saved: false, story_username: 'bob_u' })),
      201,
      'Successfully saved story.',
    );
    const saved = await carol.client.get('/api/users/saved');
    expectOk(saved, 200, "Successfully fetched user's saved stories.");
    expect(saved.body.data).toEqual([{ story_username: 'bob_u' }, { story_username: 'alice_u' }]);

    expectOk(
      await carol.client.post('/api/users/save', wrapped({ saved: true, story_username: 'bob_u' })),
      200,
      'Successfully unsaved story.',
      { bare: true },
    );
    expectOk(
      await carol.client.post('/api/users/save', wrapped({ saved: true, story_username: 'bob_u' })),
      200,
      'Successfully unsaved story.',
    );
    expect((await carol.client.get('/api/users/saved')).body.data).toEqual([{ story_username: 'alice_u' }]);
  });

  it('another person’s unsave leaves the victim’s save alone; unknown stories are 404', async () => {
    expectOk(
      await bob.client.post('/api/users/save', wrapped({ saved: true, story_username: 'alice_u' })),
      200,
      'Successfully unsaved story.',
    );
    expect(await rows('saves', carol.id, alice.id)).toBe(1);
    expect((await bob.client.get('/api/users/saved')).body.data).toEqual([]);
    expectError(await bob.client.post('/api/users/save', wrapped({ saved: false, story_username: 'no_such_person' })), 404);
  });

  it('a visitor gets 200 with []', async () => {
    const res = await t.client().get('/api/users/saved');
    expectOk(res, 200, "Successfully fetched user's saved stories.");
    expect(res.body.data).toEqual([]);
  });
});

describe('POST /api/upload, /api/users/upload and DELETE /api/users/upload/delete', () => {
  let alicePic: string;

  it('upload answers 201 {data: "<bare file name>"} and nothing else', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'holiday.png');
    const res = await alice.client.post('/api/upload', form);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(res.body.data).not.toContain('/');
    alicePic = res.body.data;
  });

  it('the owner sets the picture: 200 {message}; the profile shows the bare name', async () => {
    const res = await alice.client.post('/api/users/upload', { image: alicePic });
    expectOk(res, 200, "Successfully updated user's profile picture.", { bare: true });
    expect((await profileOf(alice.client)).image).toBe(alicePic);
  });

  it('someone else’s upload name is 404 and changes nobody’s picture', async () => {
    expectError(await bob.client.post('/api/users/upload', { image: alicePic }), 404);
    expect((await profileOf(bob.client)).image).toBeNull();
    expect((await profileOf(alice.client)).image).toBe(alicePic);
    expectError(await bob.client.post('/api/users/upload', { image: 'never-uploaded.png' }), 404);
  });

  it('delete is bodyless, 200 {message}, and only clears the caller’s picture', async () => {
    const bobPic = await uploadPng(bob.client);
    expect((await bob.client.post('/api/users/upload', { image: bobPic })).status).toBe(200);
    const res = await bodyless(bob.client, 'DELETE', '/api/users/upload/delete');
    expectOk(res, 200, "Successfully deleted user's profile picture.", { bare: true });
    expect((await profileOf(bob.client)).image).toBeNull();
    expect((await profileOf(alice.client)).image).toBe(alicePic);
  });
});

describe('POST /api/users/edit', () => {
  it('takes the profile object echoed back (username, image, age and all), ignores username and image, and answers 200 {message}', async () => {
    const pic = await uploadPng(carol.client);
    expect((await carol.client.post('/api/users/upload', { image: pic })).status).toBe(200);
    const profile = await profileOf(carol.client);
    const res = await carol.client.post('/api/users/edit', {
      ...profile,
      username: 'alice_u',
      image: 'someone-elses.png',
      first_name: 'Caroline',
      last_name: 'Cole',
      withCredentials: true,
    });
    expectOk(res, 200, 'Successfully updated user profile information', { bare: true });
    const after = await profileOf(carol.client);
    expect(after).toMatchObject({
      username: 'carol_u',
      image: pic,
      first_name: 'Caroline',
      last_name: 'Cole',
      email: profile.email,
      dob: profile.dob,
    });
    // The victim named in `username` is untouched.
    expect(await profileOf(alice.client)).toMatchObject({
      username: 'alice_u',
      first_name: 'Alice',
      last_name: 'Ames',
      email: 'alice.u@example.com',
    });
  });

  it.each([
    [0, false],
    [1, true],
    [false, false],
    [true, true],
    [null, false],
  ])('accepts is_private %j and stores it as %j', async (given, expected) => {
    const base = { first_name: 'Caroline', last_name: 'Cole', email: 'carol.edit@example.com', dob: '1990-04-12' };
    expectOk(
      await carol.client.post('/api/users/edit', { ...base, is_private: given }),
      200,
      'Successfully updated user profile information',
    );
    expect(!!(await profileOf(carol.client)).is_private).toBe(expected);
  });

  it('accepts null names and a plain YYYY-MM-DD dob', async () => {
    expectOk(
      await carol.client.post('/api/users/edit', {
        first_name: null,
        last_name: null,
        email: 'carol.edit@example.com',
        dob: '1991-02-03',
        is_private: 0,
      }),
      200,
      'Successfully updated user profile information',
    );
    expect(await profileOf(carol.client)).toMatchObject({ first_name: null, last_name: null, dob: '1991-02-03T00:00:00.000' });
  });

  it('refuses another person’s email, in any case, with 409 "Email is already taken." and changes nothing', async () => {
    const before = await profileOf(carol.client);
    const res = await carol.client.post('/api/users/edit', {
      first_name: 'Z',
      last_name: 'Z',
      email: 'ALICE.U@example.com',
      dob: '1990-04-12',
      is_private: 0,
    });
    expectError(res, 409, 'Email is already taken.');
    expect(await profileOf(carol.client)).toEqual(before);
  });

  it('validates: email format, real dob, not in the future, at least 16, names of at most 50', async () => {
    const base = { first_name: 'C', last_name: 'C', email: 'carol.edit@example.com', dob: '1990-04-12', is_private: 0 };
    const before = await profileOf(carol.client);
    expectFieldError(
      await carol.client.post('/api/users/edit', { ...base, email: 'nope' }),
      'email',
      'Please enter a valid email address.',
    );
    expectFieldError(
      await carol.client.post('/api/users/edit', { ...base, dob: '2001-02-29' }),
      'dob',
      'Date of birth must be a real date.',
    );
    expectFieldError(
      await carol.client.post('/api/users/edit', { ...base, dob: '2027-01-01' }),
      'dob',
      'Date of birth cannot be in the future.',
    );
    expectError(await carol.client.post('/api/users/edit', { ...base, dob: '2012-01-01' }), 422);
    expectFieldError(
      await carol.client.post('/api/users/edit', { ...base, first_name: 'n'.repeat(51) }),
      'first_name',
      'Names must be at most 50 characters.',
    );
    expect(await profileOf(carol.client)).toEqual(before);
  });
});

describe('POST /api/users/password', () => {
  const NEW = 'a brand new password';

  it('works within 10 minutes of sign-in without the current password; ends the other sessions, keeps the caller’s', async () => {
    const dave = await signedInPerson(t, { username: 'dave_pw' });
    const otherBrowser = t.client();
    expect((await otherBrowser.post('/api/auth/login', { email: dave.email, password: dave.password })).status).toBe(200);
    clock.advance(9 * 60 * 1000);

    const res = await dave.client.post('/api/users/password', { password: NEW });
    expectOk(res, 200, 'Successfully updated user password.', { bare: true });
    expectOk(await dave.client.get('/api/users/profile'), 200, PROFILE_MSG);
    expectError(await otherBrowser.get('/api/users/profile'), 401, NO_SESSION);
    expectOk(await alice.client.get('/api/users/profile'), 200, PROFILE_MSG); // other people keep their sessions
    expectError(
      await t.client().post('/api/auth/login', { email: dave.email, password: dave.password }),
      401,
      'Incorrect email or password.',
    );
    expect((await t.client().post('/api/auth/login', { email: dave.email, password: NEW })).status).toBe(200);
  });

  it('after 10 minutes needs the right current_password: 403 without it or with a wrong one, 200 with it', async () => {
    const erin = await signedInPerson(t, { username: 'erin_pw' });
    const copy = cloneSession(t, erin.client);
    clock.advance(11 * 60 * 1000);

    const without = await erin.client.post('/api/users/password', { password: NEW });
    expectError(without, 403);
    expect(without.body.message).toMatch(/current password/i);
    expectError(
      await erin.client.post('/api/users/password', { password: NEW, current_password: 'wrong password!' }),
      403,
      'Your current password is incorrect.',
    );
    // Still the old password, still signed in everywhere.
    expectOk(await copy.get('/api/users/profile'), 200, PROFILE_MSG);

    expectOk(
      await erin.client.post('/api/users/password', { password: NEW, current_password: erin.password }),
      200,
      'Successfully updated user password.',
    );
    expectOk(await erin.client.get('/api/users/profile'), 200, PROFILE_MSG);
    expectError(await copy.get('/api/users/profile'), 401, NO_SESSION);
    expect((await t.client().post('/api/auth/login', { email: erin.email, password: NEW })).status).toBe(200);
  });

  it('a wrong current_password is 403 even right after sign-in', async () => {
    const fay = await signedInPerson(t, { username: 'fay_pw' });
    expectError(
      await fay.client.post('/api/users/password', { password: NEW, current_password: 'not it at all' }),
      403,
      'Your current password is incorrect.',
    );
    expect((await t.client().post('/api/auth/login', { email: fay.email, password: fay.password })).status).toBe(200);
  });

  it('applies the password policy: 8 to 128 characters', async () => {
    const gus = await signedInPerson(t, { username: 'gus_pw' });
    expectFieldError(
      await gus.client.post('/api/users/password', { password: 'short' }),
      'password',
      'Password must be at least 8 characters.',
    );
    expectFieldError(
      await gus.client.post('/api/users/password', { password: 'x'.repeat(129) }),
      'password',
      'Password must be at most 128 characters.',
    );
    expectError(await gus.client.post('/api/users/password', {}), 400);
  });
});

describe('DELETE /api/users/delete', () => {
  it('bodyless; 200 {message}; clears the cookie; removes the person’s story, likes, saves and comments; ends every session', async () => {
    const hal = await signedInPerson(t, { username: 'hal_del' });
    const ivy = await signedInPerson(t, { username: 'ivy_keep' });
    expect((await hal.client.post('/api/stories/save', { title: 'Hal', text: storyHtml(1) })).status).toBe(201);
    expect((await ivy.client.post('/api/stories/save', { title: 'Ivy', text: storyHtml(1) })).status).toBe(201);
    await hal.client.post('/api/users/like', wrapped({ liked: false, story_username: 'ivy_keep' }));
    await hal.client.post('/api/users/save', wrapped({ saved: false, story_username: 'ivy_keep' }));
    await hal.client.post('/api/comments/create', wrapped({ story_username: 'ivy_keep', text: 'from hal' }));
    await ivy.client.post('/api/comments/create', wrapped({ story_username: 'hal_del', text: 'to hal' }));
    await ivy.client.post('/api/users/like', wrapped({ liked: false, story_username: 'hal_del' }));
    const otherBrowser = cloneSession(t, hal.client);

    const res = await hal.client.send('DELETE', '/api/users/delete', { username: 'ivy_keep' }); // a body naming someone else is ignored
    expectOk(res, 200, 'Successfully deleted user.', { bare: true });
    expect(res.headers.get('set-cookie') ?? '').toMatch(/^access_token=;/);
    expectError(await otherBrowser.get('/api/users/profile'), 401, NO_SESSION);
    expectError(
      await t.client().post('/api/auth/login', { email: hal.email, password: hal.password }),
      401,
      'Incorrect email or password.',
    );

    const story = await t.client().post('/api/stories/story', { username: 'hal_del' });
    expectOk(story, 200, 'Successfully fetched story information. ');
    expect(story.body.data).toBeNull();
    const comments = await t.client().post('/api/comments/get', { story_username: 'ivy_keep', page: 1, limit: 50 });
    expect(comments.body.data).toEqual([]);
    expect(await rows('likes', hal.id, ivy.id)).toBe(0);
    expect(await rows('saves', hal.id, ivy.id)).toBe(0);
    expect((await ivy.client.get('/api/users/liked')).body.data).toEqual([]);

    // Ivy is untouched.
    expect((await profileOf(ivy.client)).username).toBe('ivy_keep');
    expect((await t.client().post('/api/stories/story', { username: 'ivy_keep' })).body.data.title).toBe('Ivy');
  });
});
