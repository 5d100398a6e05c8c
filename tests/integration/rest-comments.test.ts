// The /api contract, comment paths: /api/comments/get, /count, /create, /delete (docs/rest-contract.md; ADR 0004).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import { expectCount, expectError, expectOk, ISO_UTC, NO_SESSION, uploadPng, wrapped } from '../support/rest-contract';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let alice: Person; // story owner
let bob: Person; // public commenter with a picture
let pat: Person; // private commenter with a picture
let _nora: Person; // no story
let bobPic: string;

const GET_MSG = 'Successfully fetched story comments.';
const COUNT_MSG = 'Successfully fetched story comment count.';
const CREATED_MSG = 'Successfully created comment.';

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [alice, bob, pat, _nora] = await Promise.all([
    signedInPerson(t, { username: 'alice_c' }),
    signedInPerson(t, { username: 'bob_c', first_name: 'Bob', last_name: 'Brown' }),
    signedInPerson(t, { username: 'pat_c', first_name: 'Pat', last_name: 'Private' }),
    signedInPerson(t, { username: 'nora_c' }),
  ]);
  expect((await alice.client.post('/api/stories/save', { title: 'Alice', text: storyHtml(1) })).status).toBe(201);
  bobPic = await uploadPng(bob.client);
  expect((await bob.client.post('/api/users/upload', { image: bobPic })).status).toBe(200);
  const patPic = await uploadPng(pat.client);
  expect((await pat.client.post('/api/users/upload', { image: patPic })).status).toBe(200);
  const profile = (await pat.client.get('/api/users/profile')).body.data;
  expect((await pat.client.post('/api/users/edit', { ...profile, is_private: true })).status).toBe(200);
});
afterAll(async () => t.close());

const comments = async (story_username: string, extra: Record<string, unknown> = { page: 1, limit: 50 }) => {
  const res = await t.client().post('/api/comments/get', { story_username, ...extra });
  expectOk(res, 200, GET_MSG);
  expect(Array.isArray(res.body.data)).toBe(true);
  return res.body.data as {
    comment_id: number;
    username: string;
    text: string;
    timestamp: string;
    first_name: null;
    last_name: null;
    image: string | null;
  }[];
};
const count = async (story_username: string) =>
  (await t.client().post('/api/comments/count', { story_username })).body.data.count as number;
const create = (client: TestClient, story_username: string, text: string) =>
  client.post('/api/comments/create', wrapped({ story_username, text }));

describe('comment mutations need a session', () => {
  it('POST /api/comments/create: 401 "Access denied, no token provided." and nothing stored', async () => {
    expectError(await create(t.client(), 'alice_c', 'anonymous words'), 401, NO_SESSION);
    expect(await count('alice_c')).toBe(0);
  });

  it('DELETE /api/comments/delete: 401, and the comment stays', async () => {
    const created = await create(bob.client, 'alice_c', 'keep me');
    expect(created.status).toBe(201);
    const [c] = await comments('alice_c');
    expectError(await t.client().delete('/api/comments/delete', { comment_id: c!.comment_id, comment_username: 'bob_c' }), 401, NO_SESSION);
    expect((await comments('alice_c')).map((x) => x.comment_id)).toContain(c!.comment_id);
    expect((await bob.client.delete('/api/comments/delete', { comment_id: c!.comment_id })).status).toBe(200);
  });
});

describe('POST /api/comments/create', () => {
  it('takes the old client’s {data, withCredentials} body and the top-level shape: 201 {message}; the author is the session’s', async () => {
    const res = await create(bob.client, 'alice_c', 'Lovely story.');
    expectOk(res, 201, CREATED_MSG, { bare: true });
    const top = await pat.client.post('/api/comments/create', {
      story_username: 'ALICE_C',
      text: 'Top-level shape.',
      username: 'bob_c',
      comment_username: 'bob_c',
    });
    expectOk(top, 201, CREATED_MSG, { bare: true });
    const list = await comments('alice_c');
    expect(list.map((c) => [c.username, c.text])).toEqual([
      ['pat_c', 'Top-level shape.'],
      ['bob_c', 'Lovely story.'],
    ]);
  });

  it('refuses whitespace-only, empty, missing and over-5000-character text with 400; 5000 characters are fine', async () => {
    const before = await count('alice_c');
    expectError(await create(bob.client, 'alice_c', '   \n\t  '), 400);
    expectError(await create(bob.client, 'alice_c', ''), 400);
    expectError(await bob.client.post('/api/comments/create', wrapped({ story_username: 'alice_c' })), 400);
    expectError(await create(bob.client, 'alice_c', 'x'.repeat(5001)), 400);
    expect(await count('alice_c')).toBe(before);
    expectOk(await create(bob.client, 'alice_c', 'y'.repeat(5000)), 201, CREATED_MSG);
    expect((await comments('alice_c'))[0]!.text).toHaveLength(5000);
    expect(await count('alice_c')).toBe(before + 1);
  });

  it('a story that does not exist is 404 (an unknown person, or a person without a story)', async () => {
    expectError(await create(bob.client, 'no_such_person', 'hello?'), 404);
    expectError(await create(bob.client, 'nora_c', 'hello?'), 404);
  });
});

describe('POST /api/comments/get and /api/comments/count', () => {
  it('each comment has the seven fields: names always null, timestamp ISO, the picture for public authors and null for private ones', async () => {
    const list = await comments('alice_c');
    for (const c of list) {
      expect(Object.keys(c).sort()).toEqual(['comment_id', 'first_name', 'image', 'last_name', 'text', 'timestamp', 'username']);
      expect(typeof c.comment_id).toBe('number');
      expect(c.first_name).toBeNull();
      expect(c.last_name).toBeNull();
      expect(c.timestamp).toMatch(ISO_UTC);
    }
    expect(list.find((c) => c.username === 'bob_c')!.image).toBe(bobPic);
    expect(list.find((c) => c.username === 'pat_c')!.image).toBeNull();
    expect(JSON.stringify(list)).not.toMatch(/Brown|Private/);
  });

  it('count: {data:{count}} as a number; an unknown story or a person without one counts 0; get gives []', async () => {
    expectCount(await t.client().post('/api/comments/count', { story_username: 'alice_c' }), COUNT_MSG, (await comments('alice_c')).length);
    expectCount(await t.client().post('/api/comments/count', { story_username: 'no_such_person' }), COUNT_MSG, 0);
    expectCount(await t.client().post('/api/comments/count', { story_username: 'nora_c' }), COUNT_MSG, 0);
    expect(await comments('no_such_person')).toEqual([]);
    expect(await comments('nora_c')).toEqual([]);
  });

  describe('order and paging', () => {
    let story: Person;
    const texts: string[] = [];

    beforeAll(async () => {
      story = await signedInPerson(t, { username: 'busy_c' });
      expect((await story.client.post('/api/stories/save', { title: 'Busy', text: storyHtml(1) })).status).toBe(201);
      // 55 comments within the same second (the old server's ties), then one with a later timestamp and
      // one whose timestamp lies before all of them although its id is the largest.
      for (let i = 0; i < 55; i++) {
        const text = `same-second ${i}`;
        texts.push(text);
        expect((await create(i % 2 ? bob.client : pat.client, 'busy_c', text)).status).toBe(201);
      }
      clock.advance(5000);
      expect((await create(bob.client, 'busy_c', 'later')).status).toBe(201);
      clock.t -= 60_000;
      expect((await create(bob.client, 'busy_c', 'backdated')).status).toBe(201);
      clock.t += 60_000;
    });

    it('newest first, comment_id DESC among equal timestamps, 50 a page, pages never overlap', async () => {
      const p1 = await comments('busy_c', { page: 1, limit: 50 });
      const p2 = await comments('busy_c', { page: 2, limit: 50 });
      expect(p1).toHaveLength(50);
      expect(p2).toHaveLength(7);
      const all = [...p1, ...p2];
      expect(new Set(all.map((c) => c.comment_id)).size).toBe(57);
      expect(all.map((c) => c.text)).toEqual(['later', ...[...texts].reverse(), 'backdated']);
      const sameSecond = all.slice(1, 56).map((c) => c.comment_id);
      expect(sameSecond).toEqual([...sameSecond].sort((a, b) => b - a));
      expect(await comments('busy_c', { page: 3, limit: 50 })).toEqual([]);
      expectCount(await t.client().post('/api/comments/count', { story_username: 'busy_c' }), COUNT_MSG, 57);
    });

    it('page 0, a missing page and a missing limit mean page 1 of 50; page may be a string', async () => {
      const p1 = await comments('busy_c', { page: 1, limit: 50 });
      expect(await comments('busy_c', { page: 0, limit: 50 })).toEqual(p1);
      expect(await comments('busy_c', {})).toEqual(p1);
      expect(await comments('busy_c', { page: 1 })).toEqual(p1);
      expect(await comments('busy_c', { page: '2', limit: '50' })).toEqual(await comments('busy_c', { page: 2, limit: 50 }));
      const small = await comments('busy_c', { page: 2, limit: 10 });
      expect(small.map((c) => c.comment_id)).toEqual(p1.slice(10, 20).map((c) => c.comment_id));
    });

    it('limit 51 and page -1 are 400, never a huge page or a 500', async () => {
      expectError(await t.client().post('/api/comments/get', { story_username: 'busy_c', page: 1, limit: 51 }), 400);
      expectError(await t.client().post('/api/comments/get', { story_username: 'busy_c', page: 1, limit: 100000 }), 400);
      expectError(await t.client().post('/api/comments/get', { story_username: 'busy_c', page: -1, limit: 50 }), 400);
      expectError(await t.client().post('/api/comments/get', { story_username: 'busy_c', page: 1, limit: -5 }), 400);
    });
  });
});

describe('DELETE /api/comments/delete', () => {
  it('the author deletes with a JSON body: 200 {message}; a second time it is 404', async () => {
    expect((await create(bob.client, 'alice_c', 'to be removed')).status).toBe(201);
    const mine = (await comments('alice_c')).find((c) => c.text === 'to be removed')!;
    const before = await count('alice_c');
    const res = await bob.client.delete('/api/comments/delete', { comment_id: mine.comment_id, comment_username: 'bob_c' });
    expectOk(res, 200, 'Successfully deleted comment.', { bare: true });
    expect(await count('alice_c')).toBe(before - 1);
    expect((await comments('alice_c')).map((c) => c.comment_id)).not.toContain(mine.comment_id);
    expectError(await bob.client.delete('/api/comments/delete', { comment_id: mine.comment_id, comment_username: 'bob_c' }), 404);
  });

  it('someone else’s comment on someone else’s story is 403 even when comment_username names the caller', async () => {
    expect((await create(bob.client, 'alice_c', 'bob’s words')).status).toBe(201);
    const victim = (await comments('alice_c')).find((c) => c.text === 'bob’s words')!;
    const before = await count('alice_c');
    for (const body of [
      { comment_id: victim.comment_id, comment_username: 'pat_c' },
      { comment_id: victim.comment_id, comment_username: 'bob_c' },
      { comment_id: victim.comment_id },
    ]) {
      expectError(
        await pat.client.delete('/api/comments/delete', body),
        403,
        'You can only delete your own comments, or comments on your own story.',
      );
    }
    expect(await count('alice_c')).toBe(before);
    expect((await comments('alice_c')).map((c) => c.comment_id)).toContain(victim.comment_id);
  });

  it('the story’s author may delete any comment on their story (ADR 0020), with the same envelope', async () => {
    expect((await create(bob.client, 'alice_c', 'words alice removes')).status).toBe(201);
    const victim = (await comments('alice_c')).find((c) => c.text === 'words alice removes')!;
    const before = await count('alice_c');
    const res = await alice.client.delete('/api/comments/delete', { comment_id: victim.comment_id, comment_username: 'bob_c' });
    expectOk(res, 200, 'Successfully deleted comment.', { bare: true });
    expect(await count('alice_c')).toBe(before - 1);
    expect((await comments('alice_c')).map((c) => c.comment_id)).not.toContain(victim.comment_id);
  });

  it('a missing or malformed comment_id is 400, an unknown one 404', async () => {
    expectError(await bob.client.delete('/api/comments/delete', {}), 400);
    expectError(await bob.client.delete('/api/comments/delete', { comment_id: 'abc' }), 400);
    expectError(await bob.client.delete('/api/comments/delete', { comment_id: 987654 }), 404);
  });
});
