// Control and invisible characters in names, usernames, titles, comments and story bodies, through /api and
// /trpc: controls and bidi overrides never reach the database, and text that shows nothing is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../support/rest-contract';
import { makeTestApp, person, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

/**
 * Each shows nothing: NUL, zero-width space/joiners, BOM, word joiner, soft hyphen, a bidi override, a Hangul filler,
 * and combining marks with no letter to sit on (issue #23).
 */
const INVISIBLE = [
  '\u0000',
  '\u0000\u0001\u007f',
  '\u200b',
  '\u200c\u200d',
  '\ufeff',
  '\u2060',
  '\u00ad',
  '\u202e',
  '\u2066\u2069',
  '\u3164',
  ' \u200b\t\u180e ',
  '\u0301',
  '\u0301\u0308\u0489\u20dd',
  ' \u0300\u200b\u0903 ',
];
/** Any C0/C1 control, DEL, or bidi embedding, override or isolate left in stored text. */
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInPerson>>;
let reader: TestClient;

beforeAll(async () => {
  t = await makeTestApp();
  me = await signedInPerson(t, { username: 'inkwell' });
  reader = (await signedInPerson(t, { username: 'reader_one' })).client;
  expect((await me.client.post('/api/stories/save', { title: 'Plain', text: storyHtml(1) })).status).toBe(201);
});
afterAll(async () => t.close());

/** A tRPC mutation over HTTP: the status and the field errors (or the result). */
async function trpc(client: TestClient, procedure: string, input: unknown) {
  const res = await client.post(`/trpc/${procedure}`, input);
  return { status: res.status, fields: res.body?.error?.data?.fieldErrors ?? {}, data: res.body?.result?.data };
}

const storedStory = () =>
  t.deps.db.selectFrom('stories').select(['title', 'body_html']).where('user_id', '=', me.id).executeTakeFirstOrThrow();

describe('story titles', () => {
  it('refuses a title that shows nothing, on both transports, and keeps the stored story', async () => {
    for (const title of INVISIBLE) {
      const label = JSON.stringify(title);
      const rest = await me.client.post('/api/stories/save', { title, text: storyHtml(1) });
      expect(rest.status, label).toBe(400);
      expect(rest.body.fields.title, label).toMatch(
        /^(Please give your story a title\.|The title must have visible characters, not only spaces or invisible ones\.)$/,
      );
      const viaTrpc = await trpc(me.client, 'stories.publish', { title, text: storyHtml(1) });
      expect(viaTrpc.status, label).toBe(400);
      expect(viaTrpc.fields.title, label).toBe(rest.body.fields.title);
    }
    expect((await storedStory()).title).toBe('Plain');
  });

  it('stores a title without controls or bidi overrides, on one line, and keeps joiners, marks and other scripts', async () => {
    const saved = await me.client.post('/api/stories/save', {
      title: ' My \u202egnirts\u202c life\u0000\r\n\tstory\u2067 ',
      text: storyHtml(1),
    });
    expect(saved.status).toBe(201);
    expect((await storedStory()).title).toBe('My gnirts life story');
    const story = await reader.post('/api/stories/story', { username: 'inkwell' });
    expect(story.body.data.title).toBe('My gnirts life story');

    const family = 'Our 👩\u200d👩\u200d👧 \u05e9\u05dc\u05d5\u05dd\u200f story';
    expect((await trpc(me.client, 'stories.publish', { title: family, text: storyHtml(1) })).status).toBe(200);
    expect((await storedStory()).title).toBe(family);
  });
});

describe('story bodies', () => {
  it('never stores control characters, raw or written as references, in the story or its pages', async () => {
    const text = '<p>Be\u0000fore\u0001 &#1;&#x7f;af\u0008ter</p><p title="x\u0000y">tab\there</p><pre>line\nbreak</pre>';
    expect((await me.client.post('/api/stories/save', { title: 'Body', text })).status).toBe(201);
    const { body_html } = await storedStory();
    expect(body_html).not.toMatch(UNWANTED);
    expect(body_html).toContain('Before after');
    expect(body_html).toContain('tab\there');
    expect(body_html).toContain('line\nbreak');
    const pages = await t.deps.db.selectFrom('pages').select('html').where('user_id', '=', me.id).execute();
    for (const page of pages) expect(page.html).not.toMatch(UNWANTED);
  });
});

describe('comments', () => {
  it('refuses a comment that shows nothing, on both transports, and stores none', async () => {
    for (const text of INVISIBLE) {
      const label = JSON.stringify(text);
      const rest = await reader.post('/api/comments/create', { story_username: 'inkwell', text });
      expect(rest.status, label).toBe(400);
      expect(rest.body.message, label).toMatch(/^A comment needs some (visible )?text\.$/);
      const viaTrpc = await trpc(reader, 'social.comment', { story_username: 'inkwell', text });
      expect(viaTrpc.status, label).toBe(400);
      expect(viaTrpc.fields.text, label).toBe(rest.body.message);
    }
    expect(await t.deps.db.selectFrom('comments').select('id').execute()).toEqual([]);
  });

  it('keeps the lines and tabs of a comment, and drops controls and bidi overrides', async () => {
    const res = await reader.post('/api/comments/create', {
      story_username: 'inkwell',
      text: '\u202eFirst\u0000 line\r\nsecond\tline\rthird\u2066 ',
    });
    expect(res.status).toBe(201);
    const rows = await t.deps.db.selectFrom('comments').select('text').execute();
    expect(rows.map((r) => r.text)).toEqual(['First line\nsecond\tline\nthird']);
  });
});

describe('names', () => {
  it('refuses a first or last name that shows nothing, on both transports; a blank one is no name', async () => {
    for (const name of INVISIBLE.filter((n) => n.trim() !== '')) {
      const label = JSON.stringify(name);
      for (const field of ['first_name', 'last_name']) {
        expectFieldError(
          await t.client().post('/api/auth/register', person({ [field]: name })),
          field,
          'Names must have visible characters (leave a name empty to give none).',
        );
        const viaTrpc = await trpc(t.client(), 'accounts.register', person({ [field]: name }));
        expect(viaTrpc.status, label).toBe(400);
        expect(viaTrpc.fields[field], label).toBe('Names must have visible characters (leave a name empty to give none).');
        const edit = await trpc(me.client, 'accounts.edit', {
          first_name: 'Ink',
          last_name: 'Well',
          email: me.email,
          dob: me.dob,
          is_private: false,
          [field]: name,
        });
        expect(edit.status, label).toBe(400);
      }
    }
    expect((await t.client().post('/api/auth/register', person({ first_name: ' \t ', last_name: '' }))).status).toBe(201);
  });

  it('stores names without controls or bidi overrides', async () => {
    const res = await me.client.post('/api/users/edit', {
      first_name: 'Ma\u0000ren\u202e',
      last_name: '\u2067Holt\n',
      email: me.email,
      dob: me.dob,
      is_private: 0,
    });
    expect(res.status).toBe(200);
    const row = await t.deps.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Maren', last_name: 'Holt' });
  });
});

describe('usernames', () => {
  it('accept only a-z, digits, underscore and dot as typed: no controls, invisible or look-alike letters', async () => {
    const message = 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.';
    // U+212A KELVIN SIGN lower-cases to an ASCII 'k'; U+0130 to 'i' and a combining dot.
    for (const username of [
      '\u212Aaren',
      'kar\u0130n',
      'ali\u0000ce',
      'ali\u200bce',
      'alice\u202e',
      '\u00adalice',
      'al ice',
      'ali\nce',
      '\u0000\u0000\u0000',
    ]) {
      expectFieldError(await t.client().post('/api/auth/register', person({ username })), 'username', message);
      const viaTrpc = await trpc(t.client(), 'accounts.register', person({ username }));
      expect(viaTrpc.fields.username, JSON.stringify(username)).toBe(message);
    }
    const upper = await t.client().post('/api/auth/register', person({ username: ' Mixed.Case_1 ', email: 'mixed.case@example.com' }));
    expect(upper.status).toBe(201);
    expect(await t.userId('mixed.case_1')).toBeGreaterThan(0);
  });
});
