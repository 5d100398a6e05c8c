// Who can read a story (issue #24, docs/decisions/0026-who-can-read-a-story.md): the leak matrix. Every viewer x every
// audience (and changed back and forth) x every surface that shows a story or its traces, through the real HTTP
// surface of both transports: a viewer who may read sees the story, and any other gets exactly the answer a story
// that never existed gets. Circle members are rows put in directly (their API is the circle helper's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassToken, newPassToken } from '../../server/src/core/access/pass-tokens';
import type { Audience } from '../../server/src/contract/access';
import { makeAdmin } from '../support/admin';
import { FakeClock } from '../support/fake-clock';
import { makeTestApp, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;

const AUTHOR = 'margaret_h';
const GHOST = 'nobody_here'; // a person with no story: what "no such story" answers
const TITLE = 'Winters at Ashgrove farm';
const SECRET_WORDS = 'the blue kettle on the range';
const COMMENT = 'Lovely memories of the farm';

type Viewer = { name: string; client: TestClient; id: number | null };
const viewers: Record<string, Viewer> = {};
/** Who may read, per audience (the author always; admins have no right beyond everyone). */
const READERS: Record<Audience, string[]> = {
  everyone: ['anonymous', 'stranger', 'linkHolder', 'circlePass', 'circleAccount', 'removed', 'author', 'admin'],
  link: ['linkHolder', 'circlePass', 'circleAccount', 'author'],
  circle: ['circlePass', 'circleAccount', 'author'],
  only_me: ['author'],
};

let authorId: number;

async function addMember(email: string, joinedUserId: number | null): Promise<{ memberId: number; token: string }> {
  const now = clock.now();
  const row = await t.deps.db
    .insertInto('circle_members')
    .values({
      owner_id: authorId,
      email,
      name: email.split('@')[0]!,
      invite_token_hash: null,
      invited_at: now,
      joined_user_id: joinedUserId,
      joined_at: joinedUserId ? now : null,
      last_read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newPassToken();
  await t.deps.db
    .insertInto('reader_passes')
    .values({
      token_hash: hashPassToken(token),
      owner_id: authorId,
      member_id: row.id,
      share_key_id: null,
      created_at: now,
      last_used_at: null,
    })
    .execute();
  return { memberId: row.id, token };
}

const trpcGet = (client: TestClient, path: string, input: unknown) =>
  client.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

beforeAll(async () => {
  t = await makeTestApp({ clock });
  const author = await signedInPerson(t, { username: AUTHOR });
  authorId = author.id;
  viewers.author = { name: 'author', client: author.client, id: author.id };
  await t.caller(author.id).stories.publish({ title: TITLE, text: `<p>We kept ${SECRET_WORDS}.</p>${storyHtml(3)}` });
  await signedInPerson(t, { username: GHOST });
  const other = await signedInPerson(t, { username: 'public_pat' });
  await t.caller(other.id).stories.publish({ title: 'Pat goes sailing', text: storyHtml(1) });

  viewers.anonymous = { name: 'anonymous', client: t.client(), id: null };
  const stranger = await signedInPerson(t, { username: 'stranger_sam' });
  viewers.stranger = { name: 'stranger', client: stranger.client, id: stranger.id };
  const admin = await makeAdmin(t, await signedInPerson(t, { username: 'site_admin' }));
  viewers.admin = { name: 'admin', client: admin.client, id: admin.id };

  // A link pass, through the share link itself.
  const link = await t.caller(author.id).stories.shareLink();
  const linkHolder = t.client();
  const opened = await linkHolder.get(`/s/${link.key}`);
  expect(opened.status).toBe(302);
  expect(opened.headers.get('location')).toBe(`/story/${AUTHOR}/page/1`);
  expect(linkHolder.passCookie).toMatch(/^reader_pass=/);
  viewers.linkHolder = { name: 'linkHolder', client: linkHolder, id: null };

  const circlePass = t.client();
  circlePass.passCookie = `reader_pass=${(await addMember('aunt.rose@example.com', null)).token}`;
  viewers.circlePass = { name: 'circlePass', client: circlePass, id: null };

  const member = await signedInPerson(t, { username: 'cousin_joe' });
  await addMember('cousin.joe@example.com', member.id);
  viewers.circleAccount = { name: 'circleAccount', client: member.client, id: member.id };

  // Removed: a member with an account and a pass on this device, whose row the author removed.
  const removed = await signedInPerson(t, { username: 'ex_friend' });
  const was = await addMember('ex.friend@example.com', removed.id);
  removed.client.passCookie = `reader_pass=${was.token}`;
  await t.deps.db.deleteFrom('circle_members').where('id', '=', was.memberId).execute();
  viewers.removed = { name: 'removed', client: removed.client, id: removed.id };

  // A comment and a like from the circle member, so that the lists and counts have something to show or hide.
  await t.caller(member.id).social.comment({ story_username: AUTHOR, text: COMMENT });
  await t.deps.projector.drain();
});
afterAll(async () => t.close());

/** The answer for the ghost's (missing) story, with the names swapped: what a refusal must be, byte for byte. */
const asIfMissing = (text: string) => text.replaceAll(GHOST, AUTHOR);

/** One surface: whether the viewer sees the story there, failing if a refusal differs from "no such story". */
type Surface = (v: Viewer) => Promise<boolean>;

const restStory: Surface = async (v) => {
  const res = await v.client.post('/api/stories/story', { username: AUTHOR });
  if (res.body?.data?.title === TITLE) return true;
  const missing = await v.client.post('/api/stories/story', { username: GHOST });
  expect(res.status).toBe(missing.status);
  expect(res.text).toBe(asIfMissing(missing.text));
  return false;
};

const restPage: Surface = async (v) => {
  const res = await v.client.post('/api/stories/page', { username: AUTHOR, page_number: 1 });
  if (res.status === 200) {
    expect(res.body.data).toContain(SECRET_WORDS);
    return true;
  }
  const missing = await v.client.post('/api/stories/page', { username: GHOST, page_number: 1 });
  expect(res.status).toBe(missing.status);
  expect(res.text).toBe(asIfMissing(missing.text));
  return false;
};

const trpcStory: Surface = async (v) => {
  const res = await trpcGet(v.client, 'stories.get', { username: AUTHOR });
  expect(res.status).toBe(200);
  const story = res.body.result.data;
  if (story) {
    expect(story.title).toBe(TITLE);
    // The audience is the author's to know.
    if (v.name === 'author') expect(story.audience).toBeDefined();
    else expect(story.audience).toBeUndefined();
    return true;
  }
  expect(res.headers.get('cache-control')).toBeNull();
  return false;
};

const trpcPage: Surface = async (v) => {
  const res = await trpcGet(v.client, 'stories.page', { username: AUTHOR, page_number: 1 });
  if (res.status === 200) {
    expect(res.body.result.data.html).toContain(SECRET_WORDS);
    return true;
  }
  const missing = await trpcGet(v.client, 'stories.page', { username: GHOST, page_number: 1 });
  expect(res.status).toBe(missing.status);
  expect(res.text).toBe(asIfMissing(missing.text));
  return false;
};

const comments: Surface = async (v) => {
  const rest = await v.client.post('/api/comments/get', { story_username: AUTHOR });
  const trpc = await trpcGet(v.client, 'social.comments', { story_username: AUTHOR });
  const restCount = await v.client.post('/api/comments/count', { story_username: AUTHOR });
  const trpcCount = await trpcGet(v.client, 'social.commentCount', { story_username: AUTHOR });
  const seen = [
    rest.body.data.length > 0,
    trpc.body.result.data.length > 0,
    restCount.body.data.count > 0,
    trpcCount.body.result.data.count > 0,
  ];
  expect(new Set(seen).size, `comment surfaces agree for ${v.name}`).toBe(1);
  if (!seen[0]) {
    const missing = await v.client.post('/api/comments/get', { story_username: GHOST });
    expect(rest.text).toBe(missing.text);
  }
  return seen[0]!;
};

/** Signed-in viewers only: a comment, a like and a bookmark are taken (then taken back) or refused as for no story. */
const writes: Surface = async (v) => {
  const results: boolean[] = [];
  // The old client sends its current state: liked (saved) false means "like (save) now".
  for (const [path, body, ghostBody] of [
    ['/api/users/like', { story_username: AUTHOR, liked: false }, { story_username: GHOST, liked: false }],
    ['/api/users/save', { story_username: AUTHOR, saved: false }, { story_username: GHOST, saved: false }],
    // Taking back what one never gave, on a story one cannot read: no story either.
    ['/api/users/like', { story_username: AUTHOR, liked: true }, { story_username: GHOST, liked: true }],
  ] as const) {
    const res = await v.client.post(path, body);
    if (res.status === 200 || res.status === 201) {
      results.push(true);
      if (res.status === 201) await v.client.post(path, { ...body, liked: true, saved: true });
    } else {
      const missing = await v.client.post(path, ghostBody);
      expect(res.status).toBe(missing.status);
      expect(res.text).toBe(asIfMissing(missing.text));
      results.push(false);
    }
  }
  const comment = await v.client.post('/trpc/social.comment', { story_username: AUTHOR, text: 'Hello from a reader' });
  if (comment.status === 200) {
    results.push(true);
    await v.client.post('/trpc/social.deleteComment', { comment_id: comment.body.result.data.comment_id });
  } else {
    const missing = await v.client.post('/trpc/social.comment', { story_username: GHOST, text: 'Hello from a reader' });
    expect(comment.status).toBe(missing.status);
    expect(comment.text).toBe(asIfMissing(missing.text));
    results.push(false);
  }
  expect(results, `write surfaces agree for ${v.name}`).toEqual(results.map(() => results[0]));
  return results[0]!;
};

const readSurfaces: Record<string, Surface> = { restStory, restPage, trpcStory, trpcPage, comments };

async function setAudience(audience: Audience) {
  await t.caller(authorId).stories.setAudience({ audience });
  await t.deps.projector.drain();
}

describe('the leak matrix', () => {
  const walk: Audience[] = ['everyone', 'link', 'circle', 'only_me', 'link', 'everyone', 'circle', 'everyone', 'only_me', 'everyone'];
  it('every viewer reads exactly what the audience allows, on every read and write, as the audience changes back and forth', async () => {
    for (const audience of walk) {
      await setAudience(audience);
      for (const v of Object.values(viewers)) {
        const may = READERS[audience].includes(v.name);
        for (const [name, surface] of Object.entries(readSurfaces)) {
          expect(await surface(v), `${v.name} on ${name} with ${audience}`).toBe(may);
        }
        if (v.id !== null && v.name !== 'author') expect(await writes(v), `${v.name} writing with ${audience}`).toBe(may);
      }
    }
  });
});
