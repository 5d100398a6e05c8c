// Registration and profile rules enforced by the server, the same through /api and /trpc; password
// hashing parameters; session tokens and expiry; racing duplicate registrations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, FakeClock } from '../support/fake-clock';
import { makeTestApp, person, type TestApp, type TestClient } from '../support/test-app';
import { hashPasswordsAtCost, OWASP_COST } from '../../server/src/core/accounts/passwords';
import { LIGHT_COST } from '../support/light-password-hashing';

// The fake clock stands at 2026-06-15 12:00 UTC.
let clock: FakeClock;
let t: TestApp;
beforeAll(async () => {
  clock = new FakeClock();
  t = await makeTestApp({ clock });
});
afterAll(async () => t.close());

const USERNAME_RULE = 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.';
const BAD_EMAIL = 'Please enter a valid email address.';
const UNDERAGE = 'You must be at least 16 years old to register.';
const TAKEN_USERNAME = 'That username is taken. Please choose another.';
const TAKEN_ACCOUNT = 'An account with that username or email already exists.';

let n = 0;
/** A fresh valid username and email, so each call isolates the one field a case is about. */
function fresh(tag: string) {
  n += 1;
  return { username: `${tag}${n}`.toLowerCase(), email: `${tag}${n}@example.com` };
}

interface Outcome {
  ok: boolean;
  status: number;
  message: string | undefined;
  fields: Record<string, string>;
  username: string;
}

async function viaRest(fields: Record<string, unknown>, client: TestClient = t.client()): Promise<Outcome> {
  const res = await client.post('/api/auth/register', fields);
  return {
    ok: res.status === 201,
    status: res.status,
    message: res.body?.message,
    fields: res.body?.fields ?? {},
    username: String(fields.username),
  };
}

async function viaTrpc(fields: Record<string, unknown>, client: TestClient = t.client()): Promise<Outcome> {
  const res = await client.post('/trpc/accounts.register', fields);
  const error = res.body?.error;
  return {
    ok: res.status === 200,
    status: res.status === 200 ? 201 : res.status,
    message: error?.message,
    fields: error?.data?.fieldErrors ?? {},
    username: res.body?.result?.data?.username ?? String(fields.username),
  };
}

/** Registers through both transports, each with its own fresh username/email under the given overrides. */
async function registerBoth(overrides: (tag: string) => Record<string, unknown>) {
  return {
    rest: await viaRest(person({ ...fresh('r'), ...overrides('r') })),
    trpc: await viaTrpc(person({ ...fresh('t'), ...overrides('t') })),
  };
}

async function expectRefused(overrides: (tag: string) => Record<string, unknown>, status: number, field: string | null, message: string) {
  const { rest, trpc } = await registerBoth(overrides);
  for (const [name, o] of [
    ['rest', rest],
    ['trpc', trpc],
  ] as const) {
    expect(o.status, `${name}: ${JSON.stringify(overrides(name))}`).toBe(status);
    expect(o.message, name).toBe(message);
    if (field) expect(o.fields[field], `${name} field ${field}`).toBe(message);
  }
}

async function expectAccepted(overrides: (tag: string) => Record<string, unknown>) {
  const { rest, trpc } = await registerBoth(overrides);
  for (const [name, o] of [
    ['rest', rest],
    ['trpc', trpc],
  ] as const) {
    expect(o.status, `${name}: ${o.message}`).toBe(201);
  }
  return Promise.all(
    [rest, trpc].map((o) =>
      t.deps.db.selectFrom('users').selectAll().where('username', '=', o.username.toLowerCase()).executeTakeFirstOrThrow(),
    ),
  );
}

describe('registration rules, through both transports', () => {
  it('usernames: 3 to 30 of a-z 0-9 _ .', async () => {
    await expectAccepted((tag) => ({ username: `ab${tag}` }));
    await expectAccepted((tag) => ({ username: `${tag}_.9${'x'.repeat(26)}` })); // 30
    await expectRefused(() => ({ username: 'ab' }), 400, 'username', USERNAME_RULE);
    await expectRefused((tag) => ({ username: `${tag}${'x'.repeat(30)}` }), 400, 'username', USERNAME_RULE); // 31
    for (const bad of ['with space', 'slash/es', 'hash#tag', 'per%cent', 'what?', 'dash-ed', 'jösé', 'semi;colon', '<b>x</b>']) {
      await expectRefused(() => ({ username: bad }), 400, 'username', USERNAME_RULE);
    }
    await expectRefused(() => ({ username: '' }), 400, 'username', 'Username is required.');
    await expectRefused(() => ({ username: 12345 }), 400, 'username', 'Username must be text.');
  });

  it('usernames are lowercased, and unique ignoring case', async () => {
    const [rest, trpc] = await expectAccepted((tag) => ({ username: `MiXeD.${tag.toUpperCase()}_Case` }));
    expect(rest!.username).toBe('mixed.r_case');
    expect(trpc!.username).toBe('mixed.t_case');
    expect(
      (await t.client().post('/trpc/accounts.register', person({ username: 'Shown_As_Typed', email: 'shown@example.com' }))).body.result
        .data,
    ).toEqual({ username: 'shown_as_typed' });

    expect((await viaRest(person({ username: 'casey.k', email: 'casey1@example.com' }))).ok).toBe(true);
    for (const same of ['CASEY.K', 'Casey.K', ' casey.k ']) {
      for (const o of [
        await viaRest(person({ username: same, email: `${fresh('x').email}` })),
        await viaTrpc(person({ username: same, email: fresh('y').email })),
      ]) {
        expect(o.status).toBe(409);
        expect(o.message).toBe(TAKEN_USERNAME);
        expect(o.fields.username).toBe(TAKEN_USERNAME);
      }
    }
    expect(await t.deps.db.selectFrom('users').select('id').where('username', '=', 'casey.k').execute()).toHaveLength(1);
  });

  it('emails: a valid address, at most 254 characters, unique ignoring case', async () => {
    for (const bad of ['plainaddress', 'a@b', '@example.com', 'a b@example.com', 'a@b c.com', 'two@@example.com']) {
      await expectRefused(() => ({ email: bad }), 400, 'email', BAD_EMAIL);
    }
    await expectRefused(() => ({ email: `${'a'.repeat(243)}@example.com` }), 400, 'email', 'Email is too long.'); // 255
    await expectRefused(() => ({ email: '' }), 400, 'email', 'Email is required.');

    expect((await viaRest(person({ ...fresh('m'), email: 'Mixed.Case@Example.com' }))).ok).toBe(true);
    for (const same of ['mixed.case@example.com', 'MIXED.CASE@EXAMPLE.COM', '  mixed.case@example.COM ']) {
      for (const o of [await viaRest(person({ ...fresh('m'), email: same })), await viaTrpc(person({ ...fresh('m'), email: same }))]) {
        expect(o.status, same).toBe(409);
        expect(o.message).toBe(TAKEN_ACCOUNT);
      }
    }
    // The address signs in whatever its case.
    const login = await t.client().post('/api/auth/login', { email: 'MIXED.case@example.com', password: 'correct horse battery' });
    expect(login.status).toBe(200);
  });

  it('passwords: 8 to 128 characters', async () => {
    await expectRefused(() => ({ password: '1234567' }), 400, 'password', 'Password must be at least 8 characters.');
    await expectRefused(() => ({ password: 'x'.repeat(129) }), 400, 'password', 'Password must be at most 128 characters.');
    await expectRefused(() => ({ password: '' }), 400, 'password', 'Password is required.');
    await expectAccepted(() => ({ password: '12345678' }));
    const long = 'p'.repeat(128);
    const fields = person({ ...fresh('p'), password: long });
    expect((await viaTrpc(fields)).ok).toBe(true);
    expect((await t.client().post('/api/auth/login', { email: fields.email, password: long })).status).toBe(200);
  });

  it('names: at most 50 characters; blank or missing becomes null', async () => {
    await expectRefused(() => ({ first_name: 'x'.repeat(51) }), 400, 'first_name', 'Names must be at most 50 characters.');
    await expectRefused(() => ({ last_name: 'y'.repeat(51) }), 400, 'last_name', 'Names must be at most 50 characters.');
    await expectRefused(() => ({ first_name: 42 }), 400, 'first_name', 'Names must be text.');
    const fifty = await expectAccepted(() => ({ first_name: 'x'.repeat(50), last_name: '  Trimmed  ' }));
    for (const row of fifty) expect([row.first_name, row.last_name]).toEqual(['x'.repeat(50), 'Trimmed']);
    const blank = await expectAccepted(() => ({ first_name: '   ', last_name: '' }));
    for (const row of blank) expect([row.first_name, row.last_name]).toEqual([null, null]);
    const missing = await expectAccepted(() => ({ first_name: undefined, last_name: null }));
    for (const row of missing) expect([row.first_name, row.last_name]).toEqual([null, null]);
  });

  it('birth dates: a real date, not in the future', async () => {
    for (const bad of ['2023-02-30', '2001-13-01', '1990-04-31', '2001-02-29', '1899-12-31']) {
      await expectRefused(() => ({ dob: bad }), 400, 'dob', 'Date of birth must be a real date.');
    }
    for (const bad of ['1990/04/12', '12-04-1990', 'yesterday', '1990-4-12']) {
      await expectRefused(() => ({ dob: bad }), 400, 'dob', 'Date of birth must be a date (YYYY-MM-DD).');
    }
    await expectRefused(() => ({ dob: '' }), 400, 'dob', 'Date of birth is required.');
    await expectRefused(() => ({ dob: '2026-06-16' }), 400, 'dob', 'Date of birth cannot be in the future.');
    await expectRefused(() => ({ dob: '2031-01-01' }), 400, 'dob', 'Date of birth cannot be in the future.');
    const leap = await expectAccepted(() => ({ dob: '2000-02-29' }));
    for (const row of leap) expect(row.dob).toBe('2000-02-29');
    const iso = await expectAccepted(() => ({ dob: '1990-04-12T00:00:00.000Z' })); // what the old client sends
    for (const row of iso) expect(row.dob).toBe('1990-04-12');
  });

  it('age: at least 16, by month and day', async () => {
    await expectRefused(() => ({ dob: '2010-06-16' }), 422, 'dob', UNDERAGE); // turns 16 tomorrow
    await expectRefused(() => ({ dob: '2010-07-01' }), 422, 'dob', UNDERAGE);
    await expectRefused(() => ({ dob: '2026-06-15' }), 422, 'dob', UNDERAGE); // born today
    const today = await expectAccepted(() => ({ dob: '2010-06-15' })); // turns 16 today
    for (const row of today) expect(row.dob).toBe('2010-06-15');
    await expectAccepted(() => ({ dob: '2010-05-31' }));
    const fields = person({ ...fresh('age'), dob: '2010-06-15' });
    const c = t.client();
    await c.post('/api/auth/register', fields);
    await c.post('/api/auth/login', { email: fields.email, password: fields.password });
    expect((await c.get('/api/users/profile')).body.data.age).toBe(16);
  });
});

describe('profile edits follow the same rules', () => {
  let restUser: { client: TestClient; email: string };
  let trpcUser: { client: TestClient; email: string };
  let neighbour: string;

  async function signIn(fields: Record<string, unknown>) {
    const client = t.client();
    expect((await client.post('/api/auth/register', fields)).status).toBe(201);
    expect((await client.post('/trpc/accounts.login', { email: fields.email, password: fields.password })).status).toBe(200);
    return { client, email: String(fields.email) };
  }

  beforeAll(async () => {
    restUser = await signIn(person({ ...fresh('er'), first_name: 'Rest', last_name: 'Editor' }));
    trpcUser = await signIn(person({ ...fresh('et'), first_name: 'Trpc', last_name: 'Editor' }));
    neighbour = fresh('nb').email;
    expect((await t.client().post('/api/auth/register', person({ ...fresh('nb'), email: neighbour }))).status).toBe(201);
  });

  async function editBoth(changes: Record<string, unknown>) {
    const body = (u: { email: string }) => ({
      first_name: 'Same',
      last_name: 'Person',
      email: u.email,
      dob: '1990-04-12',
      is_private: false,
      ...changes,
    });
    const rest = await restUser.client.post('/api/users/edit', body(restUser));
    const trpc = await trpcUser.client.post('/trpc/accounts.edit', body(trpcUser));
    return [
      { name: 'rest', ok: rest.status === 200, status: rest.status, message: rest.body?.message, fields: rest.body?.fields ?? {} },
      {
        name: 'trpc',
        ok: trpc.status === 200,
        status: trpc.status === 200 ? 200 : trpc.status,
        message: trpc.body?.error?.message,
        fields: trpc.body?.error?.data?.fieldErrors ?? {},
      },
    ];
  }

  async function profiles() {
    return [
      (await restUser.client.get('/api/users/profile')).body.data,
      (await trpcUser.client.get('/trpc/accounts.profile')).body.result.data,
    ];
  }

  async function expectEditRefused(changes: Record<string, unknown>, status: number, field: string, message: string) {
    const before = await profiles();
    for (const o of await editBoth(changes)) {
      expect(o.status, `${o.name} ${JSON.stringify(changes)}`).toBe(status);
      expect(o.message, o.name).toBe(message);
      expect(o.fields[field], o.name).toBe(message);
    }
    expect(await profiles()).toEqual(before);
  }

  it('accepts a valid edit: trimmed names, blank names become null, turning 16 today', async () => {
    for (const o of await editBoth({ first_name: '  Newname ', last_name: '   ', dob: '2010-06-15' }))
      expect(o.status, `${o.name} ${o.message}`).toBe(200);
    for (const p of await profiles())
      expect(p).toMatchObject({ first_name: 'Newname', last_name: null, dob: '2010-06-15T00:00:00.000', age: 16 });
  });

  it('refuses what registration refuses, and changes nothing', async () => {
    await expectEditRefused({ first_name: 'x'.repeat(51) }, 400, 'first_name', 'Names must be at most 50 characters.');
    await expectEditRefused({ last_name: 'x'.repeat(51) }, 400, 'last_name', 'Names must be at most 50 characters.');
    await expectEditRefused({ email: 'not an email' }, 400, 'email', BAD_EMAIL);
    await expectEditRefused({ email: neighbour.toUpperCase() }, 409, 'email', 'Email is already taken.');
    await expectEditRefused({ dob: '2023-02-30' }, 400, 'dob', 'Date of birth must be a real date.');
    await expectEditRefused({ dob: '2026-06-16' }, 400, 'dob', 'Date of birth cannot be in the future.');
    await expectEditRefused({ dob: '2010-06-16' }, 422, 'dob', UNDERAGE);
    await expectEditRefused({ is_private: 'perhaps' }, 400, 'is_private', 'is_private must be true or false.');
  });

  it('lets people change the case of their own email', async () => {
    for (const o of await editBoth({ email: undefined })) expect(o.status).toBe(400);
    const rest = await restUser.client.post('/api/users/edit', {
      first_name: 'A',
      last_name: 'B',
      email: restUser.email.toUpperCase(),
      dob: '1990-04-12',
      is_private: 0,
    });
    expect(rest.status).toBe(200);
    expect((await restUser.client.get('/api/users/profile')).body.data.email).toBe(restUser.email.toUpperCase());
  });
});

describe('passwords are stored as argon2id (m=19456, t=2, p=1)', () => {
  // The run hashes cheaply (tests/support/light-password-hashing.ts); these tests hash as every server does.
  beforeAll(() => hashPasswordsAtCost(OWASP_COST));
  afterAll(() => hashPasswordsAtCost(LIGHT_COST));

  it('at registration and after a change, through both transports', async () => {
    const a = person(fresh('hash'));
    const b = person(fresh('hash'));
    const ca = t.client();
    const cb = t.client();
    await ca.post('/api/auth/register', a);
    await cb.post('/trpc/accounts.register', b);
    const hashOf = async (username: string) =>
      (await t.deps.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow())
        .password_hash;
    for (const f of [a, b]) {
      const hash = await hashOf(f.username);
      expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(hash).not.toContain(f.password);
    }
    await ca.post('/api/auth/login', { email: a.email, password: a.password });
    expect((await ca.post('/api/users/password', { password: 'changed password', current_password: a.password })).status).toBe(200);
    const changed = await hashOf(a.username);
    expect(changed.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    await cb.post('/trpc/accounts.login', { email: b.email, password: b.password });
    expect((await cb.post('/trpc/accounts.changePassword', { password: 'changed password' })).status).toBe(200);
    expect((await hashOf(b.username)).startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    // Same password, different salts.
    expect(changed).not.toBe(await hashOf(b.username));
  });
});

describe('sessions', () => {
  it('the cookie holds 128 random bits as 22 base64url characters; the database only a keyed hash', async () => {
    const tokens: string[] = [];
    for (const path of ['/api/auth/login', '/trpc/accounts.login']) {
      const fields = person(fresh('tok'));
      const c = t.client();
      await c.post('/api/auth/register', fields);
      const res = await c.post(path, { email: fields.email, password: fields.password });
      expect(res.status).toBe(200);
      const token = res.headers.get('set-cookie')!.match(/^access_token=([^;]*);/)![1]!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      tokens.push(token);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const rows = await t.deps.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    for (const token of tokens) {
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    }
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  describe('expiry (idle 2 days, at most 5 days)', () => {
    let s: TestApp;
    let sclock: FakeClock;
    beforeAll(async () => {
      sclock = new FakeClock();
      s = await makeTestApp({ clock: sclock, env: { SESSION_IDLE_DAYS: '2', SESSION_MAX_DAYS: '5' } });
    });
    afterAll(async () => s.close());

    async function signedIn(via: 'rest' | 'trpc') {
      const fields = person(fresh('exp'));
      const c = s.client();
      expect((await c.post('/api/auth/register', fields)).status).toBe(201);
      const res = await c.post(via === 'rest' ? '/api/auth/login' : '/trpc/accounts.login', {
        email: fields.email,
        password: fields.password,
      });
      expect(res.status).toBe(200);
      return c;
    }
    /** Whether the client's session still works, asked through /api and through /trpc. */
    const alive = async (c: TestClient) => {
      const other = s.client();
      other.cookie = c.cookie;
      const rest = (await c.get('/api/users/profile')).status === 200;
      const trpc = (await other.get('/trpc/accounts.me')).body?.result?.data != null;
      expect(trpc, 'both transports agree').toBe(rest);
      return rest;
    };

    it('ends after SESSION_IDLE_DAYS without activity, and slides with activity', async () => {
      for (const via of ['rest', 'trpc'] as const) {
        const c = await signedIn(via);
        const saved = c.cookie;
        sclock.advance(2 * DAY - 60_000);
        expect(await alive(c)).toBe(true); // activity moves the idle expiry
        sclock.advance(2 * DAY - 60_000);
        expect(await alive(c)).toBe(true);
        sclock.advance(2 * DAY + 1);
        expect(await alive(c)).toBe(false);
        const replay = s.client();
        replay.cookie = saved;
        expect((await replay.get('/api/users/profile')).status).toBe(401);
      }
    });

    it('ends after SESSION_MAX_DAYS even with daily activity', async () => {
      for (const via of ['rest', 'trpc'] as const) {
        const c = await signedIn(via);
        const saved = c.cookie;
        for (let day = 1; day <= 4; day++) {
          sclock.advance(DAY);
          expect(await alive(c), `day ${day}`).toBe(true);
        }
        sclock.advance(DAY - 5 * 60_000); // 5 days minus 5 minutes after signing in
        expect(await alive(c)).toBe(true);
        sclock.advance(10 * 60_000); // active minutes ago, but past the cap
        const replay = s.client();
        replay.cookie = saved;
        expect((await replay.get('/api/users/profile')).status).toBe(401);
        expect((await replay.get('/trpc/accounts.me')).body).toEqual({ result: { data: null } });
      }
    });

    it('the cookie’s Max-Age matches the idle window', async () => {
      const fields = person(fresh('age'));
      const c = s.client();
      await c.post('/api/auth/register', fields);
      const res = await c.post('/api/auth/login', { email: fields.email, password: fields.password });
      expect(res.headers.get('set-cookie')).toContain(`Max-Age=${2 * 24 * 60 * 60}`);
    });
  });
});

describe('racing duplicate registrations', () => {
  const statuses = (os: Outcome[]) => os.map((o) => o.status).sort();

  it('give exactly one success and one 409, never a 500, through either transport', async () => {
    for (let round = 0; round < 3; round++) {
      const same = person(fresh('race'));
      expect(statuses(await Promise.all([viaRest(same), viaRest(same)]))).toEqual([201, 409]);
      const same2 = person(fresh('race'));
      expect(statuses(await Promise.all([viaTrpc(same2), viaTrpc(same2)]))).toEqual([201, 409]);
      const same3 = person(fresh('race'));
      const mixed = await Promise.all([viaRest(same3), viaTrpc(same3)]);
      expect(statuses(mixed)).toEqual([201, 409]);
      const loser = mixed.find((o) => !o.ok)!;
      expect([TAKEN_USERNAME, TAKEN_ACCOUNT]).toContain(loser.message);
      for (const f of [same, same2, same3]) {
        expect(await t.deps.db.selectFrom('users').select('id').where('username', '=', f.username).execute()).toHaveLength(1);
      }
    }
  });

  it('the same email in different case under two usernames: one account', async () => {
    const email = `${fresh('race').username}@example.com`;
    const a = person({ ...fresh('ra'), email });
    const b = person({ ...fresh('rb'), email: email.toUpperCase() });
    const out = await Promise.all([viaRest(a), viaTrpc(b)]);
    expect(statuses(out)).toEqual([201, 409]);
    expect(out.find((o) => !o.ok)!.message).toBe(TAKEN_ACCOUNT);
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});
