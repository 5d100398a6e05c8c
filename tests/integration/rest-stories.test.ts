// The /api contract, story paths: /api/stories/* (docs/rest-contract.md; ADR 0004).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import { bodyless, DOB_LOCAL, expectError, expectOk, NO_SESSION, uploadPng, wrapped } from '../support/rest-contract';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let alice: Person; // public, has a story
let bob: Person; // another signed-in person with a story
let pat: Person; // private, has a story
let nora: Person; // no story

const STORY_MSG = 'Successfully fetched story information. ';
const PAGE_MSG = 'Successfully fetched story page text';
const SAVED_MSG = 'Story successfully created or updated.';

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [alice, bob, pat, nora] = await Promise.all([
    signedInPerson(t, { username: 'alice_s', first_name: 'Alice', last_name: 'Ames', dob: '1980-01-31' }),
    signedInPerson(t, { username: 'bob_s' }),
    signedInPerson(t, { username: 'pat_s', first_name: 'Pat', last_name: 'Private', dob: '1975-07-04' }),
    signedInPerson(t, { username: 'nora_s' }),
  ]);
  expect((await alice.client.post('/api/stories/save', { title: 'Alice in years', text: storyHtml(2) })).status).toBe(201);
  expect((await bob.client.post('/api/stories/save', { title: 'Bob abroad', text: storyHtml(1) })).status).toBe(201);
  expect((await pat.client.post('/api/stories/save', { title: 'Quiet life', text: storyHtml(1) })).status).toBe(201);
  const patPic = await uploadPng(pat.client);
  expect((await pat.client.post('/api/users/upload', { image: patPic })).status).toBe(200);
  const profile = (await pat.client.get('/api/users/profile')).body.data;
  expect((await pat.client.post('/api/users/edit', { ...profile, is_private: 1 })).status).toBe(200);
});
afterAll(async () => t.close());

const story = async (client: TestClient, username: string) => {
  const res = await client.post('/api/stories/story', { username });
  expectOk(res, 200, STORY_MSG);
  return res.body.data;
};
const page = (username: string, page_number: unknown) => t.client().post('/api/stories/page', { username, page_number });

describe('story mutations need a session', () => {
  const PROTECTED: [string, string, unknown][] = [
    ['POST', '/api/stories/save', { title: 'Hijack', text: '<p>x</p>' }],
    ['POST', '/api/stories/edit', { story_username: 'alice_s', page_number: 1, text: '<p>x</p>' }],
    ['POST', '/api/stories/upload', { image: 'x.png' }],
    ['DELETE', '/api/stories/delete', { story_username: 'alice_s' }],
    ['DELETE', '/api/stories/upload/delete', undefined],
  ];
  it.each(PROTECTED)('%s %s answers 401 "Access denied, no token provided." and changes nothing', async (method, path, body) => {
    expectError(await t.client().send(method, path, body), 401, NO_SESSION);
    expect((await story(t.client(), 'alice_s')).title).toBe('Alice in years');
  });
});

describe('POST /api/stories/story', () => {
  const KEYS = ['dob', 'first_name', 'is_private', 'last_name', 'page_count', 'story_image', 'text', 'title', 'user_image', 'username'];

  it('for the author: every field the client reads, with its type; text is the stored HTML; no `image` key', async () => {
    const data = await story(alice.client, 'alice_s');
    for (const k of KEYS) expect(data).toHaveProperty(k);
    expect(data).not.toHaveProperty('image');
    expect(data).toMatchObject({
      username: 'alice_s',
      first_name: 'Alice',
      last_name: 'Ames',
      title: 'Alice in years',
      page_count: 1,
      story_image: null,
      user_image: null,
    });
    expect(typeof data.page_count).toBe('number');
    expect(data.dob).toBe('1980-01-31T00:00:00.000');
    expect(data.dob).toMatch(DOB_LOCAL);
    expect(data.is_private).toBeFalsy();
    expect(typeof data.text).toBe('string');
    expect(data.text).toContain('w0x0');
  });

  it('for others and visitors: text is null, the rest is the same', async () => {
    for (const client of [bob.client, t.client()]) {
      const data = await story(client, 'alice_s');
      expect(data.text).toBeNull();
      expect(data).toMatchObject({
        username: 'alice_s',
        first_name: 'Alice',
        last_name: 'Ames',
        dob: '1980-01-31T00:00:00.000',
        page_count: 1,
        user_image: null,
        story_image: null,
      });
      expect(data).not.toHaveProperty('image');
    }
  });

  it('a private author’s names, dob and picture are null for others, present for the author', async () => {
    for (const client of [bob.client, t.client()]) {
      const data = await story(client, 'pat_s');
      expect(data).toMatchObject({
        username: 'pat_s',
        title: 'Quiet life',
        first_name: null,
        last_name: null,
        dob: null,
        user_image: null,
        text: null,
      });
      expect(data.is_private).toBeTruthy();
      expect(JSON.stringify(data)).not.toMatch(/Pat|Private|1975/);
    }
    const own = await story(pat.client, 'pat_s');
    expect(own).toMatchObject({ first_name: 'Pat', last_name: 'Private', dob: '1975-07-04T00:00:00.000' });
    expect(typeof own.user_image).toBe('string');
    expect(typeof own.text).toBe('string');
  });

  it('a person without a story, or nobody at all: 200 with data null (never 404)', async () => {
    for (const username of ['nora_s', 'no_such_person', '']) {
      const res = await t.client().post('/api/stories/story', { username });
      if (username === '') {
        expect(res.status).toBeLessThan(500);
        continue;
      }
      expectOk(res, 200, STORY_MSG);
      expect(res.body).toEqual({ message: STORY_MSG, data: null });
    }
  });

  it('finds the story whatever the case of the username', async () => {
    expect((await story(t.client(), 'ALICE_S')).username).toBe('alice_s');
  });
});

describe('POST /api/stories/save', () => {
  it('answers 201 {message} after everything is stored: the story and page 1 are readable at once', async () => {
    const me = await signedInPerson(t, { username: 'sam_s' });
    const res = await me.client.post('/api/stories/save', { title: 'First try', text: storyHtml(3) });
    expectOk(res, 201, SAVED_MSG, { bare: true });
    expect((await story(t.client(), 'sam_s')).title).toBe('First try');
    expectOk(await page('sam_s', '1'), 200, PAGE_MSG);
  });

  it('replaces the pages when the story shrinks: 3 pages, then 1 page, and page 2 is gone (404)', async () => {
    const me = await signedInPerson(t, { username: 'shrink_s' });
    expect((await me.client.post('/api/stories/save', { title: 'Long', text: storyHtml(27) })).status).toBe(201);
    expect((await story(me.client, 'shrink_s')).page_count).toBe(3);
    expect((await page('shrink_s', '3')).status).toBe(200);

    expectOk(await me.client.post('/api/stories/save', { title: 'Short', text: '<p>just one page now</p>' }), 201, SAVED_MSG);
    const data = await story(me.client, 'shrink_s');
    expect(data).toMatchObject({ title: 'Short', page_count: 1 });
    expect((await page('shrink_s', '1')).body.data).toContain('just one page now');
    expectError(await page('shrink_s', '2'), 404, "Page number 2 for user 'shrink_s' does not exist.");
    expectError(await page('shrink_s', '3'), 404, "Page number 3 for user 'shrink_s' does not exist.");
    expect(await t.deps.db.selectFrom('pages').select('page_number').where('user_id', '=', me.id).execute()).toEqual([{ page_number: 1 }]);
  });

  it('splits at 900 words on element boundaries: 1000 words in 10 paragraphs make 2 pages; exactly 900 fit on one', async () => {
    const me = await signedInPerson(t, { username: 'split_s' });
    expect((await me.client.post('/api/stories/save', { title: 'Split', text: storyHtml(10, 100) })).status).toBe(201);
    expect((await story(t.client(), 'split_s')).page_count).toBe(2);
    const one = (await page('split_s', '1')).body.data as string;
    const two = (await page('split_s', '2')).body.data as string;
    expect(one).toContain('w8x99');
    expect(one).not.toContain('w9x0');
    expect(two).toContain('w9x0');
    expect(two).not.toContain('w8x');
    expect((one.match(/<p[ >]/g) ?? []).length).toBe(9); // each with its direction (dir="auto")

    expect((await me.client.post('/api/stories/save', { title: 'Split', text: storyHtml(9, 100) })).status).toBe(201);
    expect((await story(t.client(), 'split_s')).page_count).toBe(1);
    expectError(await page('split_s', '2'), 404);
  });

  it('a text without any tags still gets a page', async () => {
    const me = await signedInPerson(t, { username: 'plain_s' });
    expect((await me.client.post('/api/stories/save', { title: 'Plain', text: 'Just some words without any markup.' })).status).toBe(201);
    expect((await story(t.client(), 'plain_s')).page_count).toBe(1);
    const res = await page('plain_s', '1');
    expectOk(res, 200, PAGE_MSG);
    expect(res.body.data).toContain('Just some words without any markup.');
  });

  it('sanitizes on write: no script or event handler comes back, to the author or from a page', async () => {
    const me = await signedInPerson(t, { username: 'xss_s' });
    const text =
      '<p>Hello <b>there</b></p><script>alert("owned")</script><p onclick="steal()">click</p><img src="javascript:alert(1)" onerror="alert(2)"><iframe src="https://evil.example/frame"></iframe>';
    expect((await me.client.post('/api/stories/save', { title: 'Mine', text })).status).toBe(201);
    const own = (await story(me.client, 'xss_s')).text as string;
    const html = (await page('xss_s', '1')).body.data as string;
    for (const out of [own, html]) {
      expect(out).toContain('Hello');
      expect(out).toContain('<b>there</b>');
      expect(out).not.toMatch(/<script|alert\("owned"\)|onclick|onerror|javascript:|evil\.example/i);
    }
    const stored = await t.deps.db.selectFrom('stories').select('body_html').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(stored.body_html).not.toMatch(/<script/i);
  });

  it('takes stories far over the old 100 kB body limit', async () => {
    const me = await signedInPerson(t, { username: 'long_s' });
    const text = storyHtml(300, 100);
    expect(text.length).toBeGreaterThan(200_000);
    expectOk(await me.client.post('/api/stories/save', { title: 'Long life', text }), 201, SAVED_MSG);
    expect((await story(t.client(), 'long_s')).page_count).toBe(34);
  });

  it('saves only the caller’s own story, whatever the body names', async () => {
    expectOk(
      await bob.client.post('/api/stories/save', {
        title: 'Bob again',
        text: '<p>bob</p>',
        username: 'alice_s',
        story_username: 'alice_s',
      }),
      201,
      SAVED_MSG,
    );
    expect((await story(t.client(), 'alice_s')).title).toBe('Alice in years');
    expect((await story(t.client(), 'bob_s')).title).toBe('Bob again');
  });

  it('refuses an empty title with 400', async () => {
    expectError(await nora.client.post('/api/stories/save', { title: '  ', text: '<p>x</p>' }), 400);
    expect(await story(t.client(), 'nora_s')).toBeNull();
  });
});

describe('POST /api/stories/page', () => {
  it('takes page_number as a string (from the URL) or a number and answers the sanitized HTML', async () => {
    for (const n of ['1', 1]) {
      const res = await page('alice_s', n);
      expectOk(res, 200, PAGE_MSG);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'message']);
      expect(typeof res.body.data).toBe('string');
      expect(res.body.data).toContain('w0x0');
    }
    expect((await page('ALICE_S', '1')).status).toBe(200);
  });

  it('a page out of range, a person without a story or nobody: 404 with the original sentence', async () => {
    expectError(await page('alice_s', '2'), 404, "Page number 2 for user 'alice_s' does not exist.");
    expectError(await page('alice_s', 99), 404, "Page number 99 for user 'alice_s' does not exist.");
    expectError(await page('nora_s', '1'), 404, "Page number 1 for user 'nora_s' does not exist.");
    expectError(await page('no_such_person', '1'), 404, "Page number 1 for user 'no_such_person' does not exist.");
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], [''], [null], [0]])('page_number %j is 400 "Invalid parameters."', async (n) => {
    expectError(await page('alice_s', n), 400, 'Invalid parameters.');
  });

  it('a missing page_number is 400 "Invalid parameters." too', async () => {
    expectError(await t.client().post('/api/stories/page', { username: 'alice_s' }), 400, 'Invalid parameters.');
  });
});

describe('POST /api/stories/edit (unused by the client)', () => {
  it('tells a signed-in author to save the whole story, with 400, and changes nothing', async () => {
    const res = await alice.client.post('/api/stories/edit', { story_username: 'alice_s', page_number: 1, text: '<p>replaced</p>' });
    expectError(res, 400);
    expect((await page('alice_s', '1')).body.data).not.toContain('replaced');
  });

  it('someone else’s story: never changed', async () => {
    const res = await bob.client.post('/api/stories/edit', { story_username: 'alice_s', page_number: 1, text: '<p>defaced</p>' });
    expect([400, 403]).toContain(res.status);
    expect((await page('alice_s', '1')).body.data).not.toContain('defaced');
  });
});

describe('POST /api/stories/upload and DELETE /api/stories/upload/delete', () => {
  let banner: string;

  it('the author sets a banner from their own upload: 200 {message}; story_image is the bare name', async () => {
    banner = await uploadPng(alice.client);
    expectOk(await alice.client.post('/api/stories/upload', { image: banner }), 200, 'Successfully updated story banner image.', {
      bare: true,
    });
    expect((await story(t.client(), 'alice_s')).story_image).toBe(banner);
  });

  it('someone else’s upload is 404 and changes neither story', async () => {
    expectError(await bob.client.post('/api/stories/upload', { image: banner }), 404);
    expect((await story(t.client(), 'bob_s')).story_image).toBeNull();
    expect((await story(t.client(), 'alice_s')).story_image).toBe(banner);
  });

  it('delete is bodyless, 200 {message}, and clears only the caller’s banner', async () => {
    expectOk(await bodyless(bob.client, 'DELETE', '/api/stories/upload/delete'), 200, 'Successfully deleted story banner image.', {
      bare: true,
    });
    expect((await story(t.client(), 'alice_s')).story_image).toBe(banner);
    expectOk(await bodyless(alice.client, 'DELETE', '/api/stories/upload/delete'), 200, 'Successfully deleted story banner image.', {
      bare: true,
    });
    expect((await story(t.client(), 'alice_s')).story_image).toBeNull();
  });
});

describe('DELETE /api/stories/delete', () => {
  it('someone else’s story_username is 403 "You can only delete your own story." and the story stays', async () => {
    const res = await bob.client.delete('/api/stories/delete', { story_username: 'alice_s' });
    expectError(res, 403, 'You can only delete your own story.');
    expect((await story(t.client(), 'alice_s')).title).toBe('Alice in years');
    expect((await page('alice_s', '1')).status).toBe(200);
  });

  it('an unknown person or a missing story is 404', async () => {
    expectError(await bob.client.delete('/api/stories/delete', { story_username: 'no_such_person' }), 404);
    expectError(await nora.client.delete('/api/stories/delete', { story_username: 'nora_s' }), 404);
  });

  it('the author (JSON body on DELETE): 200 {message}; pages, comments, likes and saves go with it', async () => {
    const me = await signedInPerson(t, { username: 'gone_s' });
    expect((await me.client.post('/api/stories/save', { title: 'Soon gone', text: storyHtml(12) })).status).toBe(201);
    await bob.client.post('/api/users/like', wrapped({ liked: false, story_username: 'gone_s' }));
    await bob.client.post('/api/users/save', wrapped({ saved: false, story_username: 'gone_s' }));
    await bob.client.post('/api/comments/create', wrapped({ story_username: 'gone_s', text: 'nice' }));

    const res = await me.client.delete('/api/stories/delete', { story_username: 'GONE_S' });
    expectOk(res, 200, 'Successfully deleted story and all its pages.', { bare: true });
    expect(await story(t.client(), 'gone_s')).toBeNull();
    expectError(await page('gone_s', '1'), 404);
    expect((await t.client().post('/api/comments/count', { story_username: 'gone_s' })).body.data).toEqual({ count: 0 });
    expect((await bob.client.get('/api/users/liked')).body.data).not.toContainEqual({ story_username: 'gone_s' });
    expect((await bob.client.get('/api/users/saved')).body.data).not.toContainEqual({ story_username: 'gone_s' });
    // The account itself stays.
    expect((await me.client.get('/api/users/profile')).status).toBe(200);
  });
});
