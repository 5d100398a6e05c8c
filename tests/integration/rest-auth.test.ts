// The /api contract, auth paths: POST /api/auth/register, /login, /logout (docs/rest-contract.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import { bodyless, cloneSession, DOB_LOCAL, expectError, expectFieldError, expectOk, NO_SESSION } from '../support/rest-contract';
import { makeTestApp, person, signedInPerson, type TestApp } from '../support/test-app';

// 2026-06-15 12:00 UTC: someone born 2010-06-15 turns 16 today.
const clock = new FakeClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ clock });
});
afterAll(async () => t.close());

const userCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/auth/register', () => {
  it('creates the account: 201 {message} only, and does not sign in', async () => {
    const client = t.client();
    const fields = person();
    const res = await client.post('/api/auth/register', fields);
    expectOk(res, 201, 'User successfully created.', { bare: true });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/access_token=[^;]/);
    expectError(await client.get('/api/users/profile'), 401, NO_SESSION);
    // It can sign in afterwards, with a fresh account: no picture, public.
    const login = await client.post('/api/auth/login', { email: fields.email, password: fields.password });
    expect(login.status).toBe(200);
    expect(login.body.user_info.image).toBeNull();
    expect(login.body.user_info.is_private).toBeFalsy();
  });

  it('accepts empty names (the register form may leave them blank) and unknown keys', async () => {
    const fields = person({ first_name: '', last_name: '', confirm_password: 'whatever', withCredentials: true });
    expectOk(await t.client().post('/api/auth/register', fields), 201, 'User successfully created.');
    const login = await t.client().post('/api/auth/login', { email: fields.email, password: fields.password });
    expect(login.body.user_info.first_name).toBeNull();
    expect(login.body.user_info.last_name).toBeNull();
  });

  it('accepts the limits themselves: a 30-character username, 128-character password, 50-character names, 8-character password', async () => {
    const long = person({ username: 'a_b.c'.repeat(6), password: 'p'.repeat(128), first_name: 'F'.repeat(50), last_name: 'L'.repeat(50) });
    expect(long.username).toHaveLength(30);
    expectOk(await t.client().post('/api/auth/register', long), 201, 'User successfully created.');
    const short = person({ username: 'abc', password: '12345678' });
    expectOk(await t.client().post('/api/auth/register', short), 201, 'User successfully created.');
    expect((await t.client().post('/api/auth/login', { email: long.email, password: long.password })).status).toBe(200);
  });

  it('refuses a taken username case-insensitively with 409', async () => {
    const first = person({ username: 'casey_r' });
    expect((await t.client().post('/api/auth/register', first)).status).toBe(201);
    const before = await userCount();
    const res = await t.client().post('/api/auth/register', person({ username: 'CASEY_R', email: 'someone.else@example.com' }));
    expectError(res, 409);
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken email case-insensitively with 409', async () => {
    expect((await t.client().post('/api/auth/register', person({ email: 'Dup.Mail@Example.com' }))).status).toBe(201);
    const before = await userCount();
    expectError(await t.client().post('/api/auth/register', person({ email: 'dup.mail@EXAMPLE.COM' })), 409);
    expect(await userCount()).toBe(before);
  });

  it('refuses anyone under 16 with 422, and accepts a 16th birthday today', async () => {
    const young = await t.client().post('/api/auth/register', person({ dob: '2010-06-16' }));
    expectError(young, 422, 'You must be at least 16 years old to register.');
    expectOk(await t.client().post('/api/auth/register', person({ dob: '2010-06-15' })), 201, 'User successfully created.');
  });

  const USERNAME_RULE = 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.';
  const INVALID: [string, Record<string, unknown>, string, string][] = [
    ['a 2-character username', { username: 'ab' }, 'username', USERNAME_RULE],
    ['a 31-character username', { username: 'a'.repeat(31) }, 'username', USERNAME_RULE],
    ['a username with a space', { username: 'ada lovelace' }, 'username', USERNAME_RULE],
    ['a username with a slash', { username: 'ada/love' }, 'username', USERNAME_RULE],
    ['a username with ? # %', { username: 'ada?#%' }, 'username', USERNAME_RULE],
    ['a username with a dash', { username: 'ada-love' }, 'username', USERNAME_RULE],
    ['a missing username', { username: undefined }, 'username', 'Username is required.'],
    ['a 7-character password', { password: 'seven77' }, 'password', 'Password must be at least 8 characters.'],
    ['a 129-character password', { password: 'p'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    ['a missing password (the original crashed)', { password: undefined }, 'password', 'Password is required.'],
    ['a 51-character first name', { first_name: 'F'.repeat(51) }, 'first_name', 'Names must be at most 50 characters.'],
    ['a 51-character last name', { last_name: 'L'.repeat(51) }, 'last_name', 'Names must be at most 50 characters.'],
    ['an email without @', { email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    ['an email without a domain', { email: 'ada@' }, 'email', 'Please enter a valid email address.'],
    ['a missing email', { email: '' }, 'email', 'Email is required.'],
    ['an impossible date', { dob: '2001-02-30' }, 'dob', 'Date of birth must be a real date.'],
    ['a date that is not YYYY-MM-DD', { dob: '12/04/1990' }, 'dob', 'Date of birth must be a date (YYYY-MM-DD).'],
    ['an empty dob (NaN age passed in the original)', { dob: '' }, 'dob', 'Date of birth is required.'],
    ['a dob in the future', { dob: '2026-06-16' }, 'dob', 'Date of birth cannot be in the future.'],
    [
      'a dob 20 years in the future (passed the absolute-value check)',
      { dob: '2046-01-01' },
      'dob',
      'Date of birth cannot be in the future.',
    ],
  ];

  it.each(INVALID)('answers 400 for %s, with the field named, and creates nothing', async (_label, override, field, message) => {
    const fields: Record<string, unknown> = person();
    for (const [k, v] of Object.entries(override)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const before = await userCount();
    expectFieldError(await t.client().post('/api/auth/register', fields), field, message);
    expect(await userCount()).toBe(before);
  });

  it('normalises the username to lower case', async () => {
    const fields = person({ username: 'MixedCase_Name' });
    expect((await t.client().post('/api/auth/register', fields)).status).toBe(201);
    const login = await t.client().post('/api/auth/login', { email: fields.email, password: fields.password });
    expect(login.body.user_info.username).toBe('mixedcase_name');
  });
});

describe('POST /api/auth/login', () => {
  const ada = person({ username: 'ada_login', first_name: 'Ada', last_name: 'King', dob: '1990-04-12', email: 'ada.login@example.com' });
  beforeAll(async () => {
    expect((await t.client().post('/api/auth/register', ada)).status).toBe(201);
  });

  it('answers 200 {user_info} with exactly the seven profile fields and never the password hash, and sets the cookie', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user_info']);
    expect(Object.keys(res.body.user_info).sort()).toEqual(['dob', 'email', 'first_name', 'image', 'is_private', 'last_name', 'username']);
    expect(res.body.user_info).toMatchObject({
      username: 'ada_login',
      first_name: 'Ada',
      last_name: 'King',
      email: 'ada.login@example.com',
      image: null,
    });
    expect(res.body.user_info.dob).toBe('1990-04-12T00:00:00.000');
    expect(res.body.user_info.dob).toMatch(DOB_LOCAL);
    // new Date() parses it as local midnight, so the local getters give the right day in every zone.
    const d = new Date(res.body.user_info.dob);
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate()]).toEqual([1990, 4, 12]);
    expect([0, 1, null, true, false]).toContain(res.body.user_info.is_private);
    expect(res.text).not.toMatch(/argon2|password/i);

    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^access_token=[^;]+;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expectOk(await client.get('/api/users/profile'), 200, 'Successfully fetched user profile information');
  });

  it('matches the email case-insensitively and ignores unknown keys', async () => {
    const res = await t.client().post('/api/auth/login', { email: 'ADA.Login@Example.COM', password: ada.password, withCredentials: true });
    expect(res.status).toBe(200);
    expect(res.body.user_info.username).toBe('ada_login');
  });

  it('answers an unknown email exactly like a wrong password: 401 "Incorrect email or password."', async () => {
    const wrong = await t.client().post('/api/auth/login', { email: ada.email, password: 'not the password' });
    const unknown = await t.client().post('/api/auth/login', { email: 'nobody.here@example.com', password: ada.password });
    expectError(wrong, 401, 'Incorrect email or password.');
    expectError(unknown, 401, 'Incorrect email or password.');
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.get('set-cookie') ?? '').not.toMatch(/access_token=[^;]/);
  });

  it('answers a missing password or email with 400, never a crash or a 200 error', async () => {
    expectError(await t.client().post('/api/auth/login', { email: ada.email }), 400, 'Password is required.');
    expectError(await t.client().post('/api/auth/login', { password: ada.password }), 400, 'Email is required.');
    expectError(await bodyless(t.client(), 'POST', '/api/auth/login'), 400);
  });
});

describe('POST /api/auth/logout', () => {
  it('accepts a bodyless POST, answers the bare JSON string and clears the cookie with the attributes it was set with', async () => {
    const me = await signedInPerson(t);
    const copy = cloneSession(t, me.client);
    const res = await bodyless(me.client, 'POST', '/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.text).toBe('"User has been logged out."');
    expect(res.body).toBe('User has been logged out.');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^access_token=;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(cookie).not.toMatch(/SameSite=None/);
    // The session is ended on the server: a copy of the old cookie no longer works.
    expectError(await copy.get('/api/users/profile'), 401, NO_SESSION);
  });

  it('answers the same without a session', async () => {
    const res = await bodyless(t.client(), 'POST', '/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toBe('User has been logged out.');
  });

  it('ends only the caller’s session: the same person in another browser and other people stay signed in', async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    const secondBrowser = t.client();
    expect((await secondBrowser.post('/api/auth/login', { email: me.email, password: me.password })).status).toBe(200);
    expect((await bodyless(me.client, 'POST', '/api/auth/logout')).status).toBe(200);
    expectOk(await secondBrowser.get('/api/users/profile'), 200, 'Successfully fetched user profile information');
    expectOk(await other.client.get('/api/users/profile'), 200, 'Successfully fetched user profile information');
  });
});
