// Who can read a story (issue #24, docs/decisions/0026-who-can-read-a-story.md): the leak matrix. Every viewer x every
// audience (and changed back and forth) x every surface that shows a story or its traces, through the real HTTP
// surface of both transports: a viewer who may read sees the story, and any other gets exactly the answer a story
// that never existed gets. Circle members are rows put in directly (their API is the circle helper's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/src/app';
import { appWithPages } from '../support/app-with-pages';
import { readZip } from '../support/read-zip';
import { hashPassToken, newPassToken } from '../../server/src/core/access/pass-tokens';
import type { Audience } from '../../server/src/contract/access';
import { makeAdmin } from '../support/admin';
import { FakeClock } from '../support/fake-clock';
import { makeTestApp, ORIGIN, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';
import { sendFollowDigests } from '../../server/src/core/follows/daily-digest';
import { sendWeeklyDigests } from '../../server/src/core/notifications/weekly-digest';
import { DAY } from '../support/fake-clock';
import { outbox, settle, toAddress } from '../support/outbox';

const clock = new FakeClock();
let t: TestApp;
/** The same site with its server-rendered reader pages (docs/decisions/0017-server-rendering.md). */
let ssr: ReturnType<typeof createApp>;
let pages: ReturnType<typeof appWithPages>;

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
let memberSignIn: { email: string; password: string };

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
  memberSignIn = { email: member.email, password: member.password };
  await addMember('cousin.joe@example.com', member.id);
  viewers.circleAccount = { name: 'circleAccount', client: member.client, id: member.id };

  // Removed: a member with an account and a pass on this device, whose row the author removed.
  const removed = await signedInPerson(t, { username: 'ex_friend' });
  const was = await addMember('ex.friend@example.com', removed.id);
  removed.client.passCookie = `reader_pass=${was.token}`;
  await t.deps.db.deleteFrom('circle_members').where('id', '=', was.memberId).execute();
  viewers.removed = { name: 'removed', client: removed.client, id: removed.id };

  // A comment, a like and bookmarks, so that the lists, counts and notifications have something to show or hide.
  await t.caller(member.id).social.comment({ story_username: AUTHOR, text: COMMENT });
  await t.caller(member.id).social.like({ story_username: AUTHOR, on: true });
  for (const who of [member.id, stranger.id, removed.id]) await t.caller(who).social.bookmark({ story_username: AUTHOR, on: true });
  // The stranger commented too: the member's later comment is a reply they hear of (while they may read the story).
  await t.caller(stranger.id).social.comment({ story_username: AUTHOR, text: 'First!' });
  await t.caller(member.id).social.comment({ story_username: AUTHOR, text: 'Welcome, stranger' });
  await t.deps.projector.drain();

  pages = appWithPages(t);
  ssr = pages.app;
});
afterAll(async () => {
  await t.close();
  pages.remove();
});

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

/**
 * The server-rendered story page (and its head): the story, or the very page a missing story gets. Signed-in people
 * get the app shell (ADR 0017), which carries no story at all: null.
 */
const storyPage = async (v: Viewer): Promise<boolean | null> => {
  const cookie = [v.client.cookie, v.client.passCookie].filter(Boolean).join('; ');
  const get = async (username: string) => {
    const res = await ssr.request(`http://localhost/story/${username}/page/1`, cookie ? { headers: { cookie } } : {});
    // The dehydrated answers carry the render's own times: not part of what the page says.
    const html = (await res.text()).replaceAll('<!-- -->', '').replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    return { status: res.status, html, headers: res.headers };
  };
  const page = await get(AUTHOR);
  if (v.id !== null) {
    expect(page.html).not.toContain(TITLE);
    expect(page.html).not.toContain(SECRET_WORDS);
    return null;
  }
  if (page.html.includes(SECRET_WORDS)) {
    expect(page.html).toContain(`<title>${TITLE}`);
    return true;
  }
  expect(page.html).not.toContain(TITLE);
  const missing = await get(GHOST);
  expect(page.status).toBe(missing.status);
  expect(page.headers.get('cache-control')).toBe(missing.headers.get('cache-control'));
  expect(page.html).toBe(asIfMissing(missing.html));
  return false;
};

const readSurfaces: Record<string, (v: Viewer) => Promise<boolean | null>> = {
  restStory,
  restPage,
  trpcStory,
  trpcPage,
  comments,
  storyPage,
};

/** Everything that lists or announces stories: only stories for everyone, whoever asks. */
async function listedAnywhere(v: Viewer): Promise<Record<string, boolean>> {
  const has = (x: unknown) => JSON.stringify(x).includes(AUTHOR);
  const text = async (url: string) => (await v.client.get(url)).text;
  clock.advance(60 * 60_000); // past the feed's minute of freshness
  return {
    trpcSearch: has((await trpcGet(v.client, 'explore.search', { text: 'Ashgrove' })).body),
    trpcSearchUser: has((await trpcGet(v.client, 'explore.search', { text: AUTHOR.slice(0, 8), kind: 'users' })).body),
    restSearch: has((await v.client.post('/api/searches/all', { searchTerm: 'Ashgrove' })).body),
    restSearchUser: has((await v.client.post('/api/searches/user', { searchTerm: AUTHOR.slice(0, 8) })).body),
    restBlankSearch: has((await v.client.post('/api/searches/all', { searchTerm: '' })).body),
    restBlankUsers: has((await v.client.post('/api/searches/user', { searchTerm: '' })).body),
    top: has((await trpcGet(v.client, 'explore.top', { window: 'all' })).body),
    topMonth: has((await trpcGet(v.client, 'explore.top', { window: 'month' })).body),
    homeTop5: has((await v.client.get('/api/searches/top/5')).body),
    newList: has((await trpcGet(v.client, 'explore.new', {})).body),
    new5: has((await v.client.get('/api/searches/new/5')).body),
    feed: (await text('/feed.xml')).includes(`/story/${AUTHOR}/`),
    sitemap: (await text('/sitemap.xml')).includes(`/story/${AUTHOR}/`),
  };
}

async function counts(v: Viewer) {
  return {
    stories: (await trpcGet(v.client, 'explore.newCount', undefined)).body.result.data.count,
    restStories: (await v.client.get('/api/searches/stories/count')).body.data.count,
    top: (await trpcGet(v.client, 'explore.topCount', { window: 'all' })).body.result.data.count,
    topMonth: (await trpcGet(v.client, 'explore.topCount', { window: 'month' })).body.result.data.count,
  };
}

/** The bookmarks list and count, the liked and saved lists of /api: the story only while the viewer may read it. */
async function bookmarked(v: Viewer): Promise<boolean> {
  const list = (await trpcGet(v.client, 'explore.bookmarks', {})).body.result.data;
  const count = (await trpcGet(v.client, 'explore.bookmarkCount', undefined)).body.result.data.count;
  const restList = (await v.client.post('/api/searches/saved', {})).body.data;
  const saved = (await v.client.get('/api/users/saved')).body.data;
  const seen = [
    JSON.stringify(list).includes(AUTHOR),
    count > 0,
    JSON.stringify(restList).includes(AUTHOR),
    JSON.stringify(saved).includes(AUTHOR),
  ];
  expect(seen, `bookmark surfaces agree for ${v.name}`).toEqual(seen.map(() => seen[0]));
  return seen[0]!;
}

/** Notifications (the bell and its count) of the story: only to people who may read it. */
async function notified(v: Viewer): Promise<boolean> {
  const list = (await trpcGet(v.client, 'notifications.list', {})).body.result.data;
  const count = (await trpcGet(v.client, 'notifications.unreadCount', undefined)).body.result.data.count;
  const seen = JSON.stringify(list).includes(AUTHOR);
  expect(count > 0, `notification count agrees for ${v.name}`).toBe(seen);
  return seen;
}

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
          const saw = await surface(v);
          if (saw !== null) expect(saw, `${v.name} on ${name} with ${audience}`).toBe(may);
        }
        if (v.id !== null && v.name !== 'author') expect(await writes(v), `${v.name} writing with ${audience}`).toBe(may);
      }
    }
    // Every viewer on every surface for every audience: hundreds of requests, over 30 s on a loaded two-core machine.
  }, 180_000);

  it('lists, searches, counts, the feed and the sitemap show only stories for everyone, and follow every change', async () => {
    // The member's like (the writes above took it back): the story is in this month's top list while for everyone.
    await setAudience('everyone');
    await t.caller(viewers.circleAccount!.id).social.like({ story_username: AUTHOR, on: true });
    await t.deps.projector.drain();
    const surfaces = Object.keys(await listedAnywhere(viewers.anonymous!));
    // The author is not found as a person either while their story is not for everyone (ADR 0026).
    const everywhere = (on: boolean) => Object.fromEntries(surfaces.map((k) => [k, on]));
    let before: Awaited<ReturnType<typeof counts>> | null = null;
    for (const audience of walk) {
      await setAudience(audience);
      for (const name of ['anonymous', 'circleAccount', 'admin', 'author'] as const) {
        const v = viewers[name]!;
        expect(await listedAnywhere(v), `${name} with ${audience}`).toEqual(everywhere(audience === 'everyone'));
      }
      const now = await counts(viewers.anonymous!);
      if (audience === 'everyone') before = now;
      else if (before) {
        expect(now.stories).toBe(before.stories - 1);
        expect(now.restStories).toBe(before.restStories - 1);
        expect(now.top).toBe(before.top - 1);
        expect(now.topMonth).toBe(before.topMonth - 1);
      }
    }
  });

  it('a rebuild of the projections from the log (npm run reindex) gives the same lists', async () => {
    for (const audience of ['circle', 'everyone', 'link'] as const) {
      await setAudience(audience);
      const before = await listedAnywhere(viewers.anonymous!);
      await t.deps.projector.rebuild();
      expect(await listedAnywhere(viewers.anonymous!), `rebuilt with ${audience}`).toEqual(before);
      expect(before.trpcSearch).toBe(audience === 'everyone');
    }
    await setAudience('everyone');
  });

  it('bookmarks and notifications follow who may read', async () => {
    // Bookmarked while the story was for everyone (the writes above took theirs back).
    await setAudience('everyone');
    for (const name of ['circleAccount', 'stranger', 'removed'] as const) {
      await t.caller(viewers[name]!.id).social.bookmark({ story_username: AUTHOR, on: true });
    }
    for (const audience of walk) {
      await setAudience(audience);
      for (const name of ['circleAccount', 'stranger', 'removed'] as const) {
        const may = READERS[audience].includes(name);
        expect(await bookmarked(viewers[name]!), `${name}'s bookmarks with ${audience}`).toBe(may);
      }
      // The author always hears of their readers; the stranger of the member's reply only while they may read.
      expect(await notified(viewers.author!)).toBe(true);
      expect(await notified(viewers.stranger!), `stranger's notifications with ${audience}`).toBe(audience === 'everyone');
    }
  });

  it('the share link: ?key= reads at once and sets a pass; noindex and no shared cache; a new link ends the old passes', async () => {
    await setAudience('link');
    const { key } = await t.caller(authorId).stories.shareLink();
    const page = (url: string, cookie?: string) => ssr.request(`http://localhost${url}`, cookie ? { headers: { cookie } } : {});

    const opened = await page(`/story/${AUTHOR}/page/1?key=${key}`);
    const html = await opened.text();
    expect(opened.status).toBe(200);
    expect(html).toContain(SECRET_WORDS);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(opened.headers.get('x-robots-tag')).toBe('noindex');
    // The key is in the address: other sites get the origin alone (the site's policy), never the path.
    expect(opened.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(html).toContain('<meta name="robots" content="noindex">');
    const pass = opened.headers.get('set-cookie')?.match(/reader_pass=([^;]+)/)?.[1];
    expect(pass).toBeTruthy();
    expect(opened.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    // The pass alone reads it again, and the API says the same about caches.
    const again = await page(`/story/${AUTHOR}/page/1`, `reader_pass=${pass}`);
    expect(await again.text()).toContain(SECRET_WORDS);
    const api = await t.app.request('http://localhost/api/stories/page', {
      method: 'POST',
      headers: { cookie: `reader_pass=${pass}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: AUTHOR, page_number: 1 }),
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('private, no-store');
    expect(api.headers.get('x-robots-tag')).toBe('noindex');

    // A wrong key, or a key for another story, is no key at all.
    for (const url of [`/story/${AUTHOR}/page/1?key=${'x'.repeat(24)}`, `/story/public_pat/page/1?key=${key}`]) {
      const res = await page(url);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await page(`/story/${AUTHOR}/page/1?key=${'x'.repeat(24)}`)).status).toBe(404);
    const unknown = await page('/s/not-a-key-at-all-000000');
    const nowhere = await page('/no/such/address');
    expect(unknown.status).toBe(nowhere.status);

    // A bad cookie is ignored, never an error.
    for (const cookie of [
      'reader_pass=%%%',
      `reader_pass=${'a'.repeat(5000)}`,
      'reader_pass=....',
      `reader_pass=${pass}.${'é'.repeat(30)}`,
    ]) {
      expect((await page(`/story/${AUTHOR}/page/1`, cookie)).status).toBeLessThan(500);
      const res = await t.app.request('http://localhost/api/stories/story', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ username: AUTHOR }),
      });
      expect(res.status).toBe(200);
    }

    // A new link: the old key and every pass made from it stop at once.
    await t.caller(authorId).stories.newShareLink();
    expect(await (await page(`/story/${AUTHOR}/page/1`, `reader_pass=${pass}`)).text()).not.toContain(SECRET_WORDS);
    expect(await (await page(`/story/${AUTHOR}/page/1?key=${key}`)).text()).not.toContain(SECRET_WORDS);
    expect(await restStory(viewers.linkHolder!)).toBe(false);

    // A story for everyone keeps today's headers.
    await setAudience('everyone');
    const open = await page(`/story/${AUTHOR}/page/1`);
    expect(open.headers.get('cache-control')).toBe('no-cache');
    expect(open.headers.get('x-robots-tag')).toBeNull();
    expect(await open.text()).not.toContain('noindex');
  });

  it('a story deleted and published anew (even through /api) keeps its audience; tRPC publish can set it', async () => {
    const writer = await signedInPerson(t, { username: 'private_pam' });
    const visible = async () => (await t.client().post('/api/stories/story', { username: 'private_pam' })).body.data !== null;
    await t.caller(writer.id).stories.publish({ title: 'Only for us', text: storyHtml(1), audience: 'circle' });
    expect(await visible()).toBe(false);
    await t.caller(writer.id).stories.delete({ story_username: 'private_pam' });
    expect((await writer.client.post('/api/stories/save', { title: 'Only for us, again', text: storyHtml(1) })).status).toBe(201);
    expect(await visible()).toBe(false);
    expect((await t.caller(writer.id).stories.get({ username: 'private_pam' }))?.audience).toBe('circle');
    await t.caller(writer.id).stories.publish({ title: 'Now for all', text: storyHtml(1), audience: 'everyone' });
    expect(await visible()).toBe(true);
    await t.deps.projector.drain();
    expect(JSON.stringify((await t.client().post('/api/searches/story', { searchTerm: 'Now for all' })).body)).toContain('private_pam');
  });

  it("the book and print pages are the author's alone, and say nothing more of a hidden story", async () => {
    for (const audience of walk.slice(0, 5)) {
      await setAudience(audience);
      for (const v of Object.values(viewers)) {
        for (const suffix of ['book.epub', 'print']) {
          const res = await v.client.get(`/story/${AUTHOR}/${suffix}`);
          if (v.name === 'author') {
            expect(res.status).toBe(200);
            continue;
          }
          // Refused whatever the audience: as for a person who has a story that is not theirs (no word of the audience).
          const other = await v.client.get(`/story/public_pat/${suffix}`);
          expect(res.status).toBe(other.status);
          expect(res.text).toBe(other.text);
        }
      }
    }
  });

  it('data exports of other people carry their own comments on a circle story, never its text', async () => {
    await setAudience('circle');
    // Downloading one's data takes a fresh sign-in (ADR 0009).
    expect((await viewers.circleAccount!.client.post('/api/auth/login', memberSignIn)).status).toBe(200);
    const res = await ssr.request('http://localhost/account/my-data.zip', { headers: { cookie: viewers.circleAccount!.client.cookie! } });
    expect(res.status).toBe(200);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    const all = entries.map((e) => e.data.toString('utf8')).join('\n');
    expect(all).toContain(COMMENT);
    expect(all).not.toContain(SECRET_WORDS);
    expect(all).not.toContain(TITLE);
    await setAudience('everyone');
  });
});

/** The emails written since `from` (an index into the outbox). */
const mailsSince = async (from: number) => (await outbox(t)).slice(from);
const emailOf = async (id: number) =>
  (await t.deps.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

// The sessions of the viewers expire as the clock moves on by days: the tests that need them come first.
describe('the leak matrix: emails and the moderation queue', () => {
  it('the invitation email goes to the invited address alone, and so does a resend', async () => {
    const from = (await outbox(t)).length;
    const invited = await viewers.author!.client.post('/trpc/circle.invite', {
      readers: [{ email: 'Niece.Ann@Example.com', name: 'Ann' }],
    });
    expect(invited.status).toBe(200);
    await settle(t, 'niece.ann@example.com', 1);
    let mails = await mailsSince(from);
    expect(mails.map(toAddress)).toEqual(['niece.ann@example.com']);
    expect(mails[0]!.cc).toBeUndefined();
    expect(mails[0]!.bcc).toBeUndefined();
    expect(mails[0]!.text).toMatch(new RegExp(`${ORIGIN}/r/[A-Za-z0-9_-]+`));
    const readers = (await trpcGet(viewers.author!.client, 'circle.list', undefined)).body.result.data.readers as {
      id: number;
      email: string;
    }[];
    const ann = readers.find((r) => r.email === 'niece.ann@example.com')!;
    expect((await viewers.author!.client.post('/trpc/circle.resend', { id: ann.id })).status).toBe(200);
    await settle(t, 'niece.ann@example.com', 2);
    mails = await mailsSince(from);
    expect(mails.map(toAddress)).toEqual(['niece.ann@example.com', 'niece.ann@example.com']);
    await viewers.author!.client.post('/trpc/circle.remove', { id: ann.id });
  });

  it('the moderation queue shows a reported comment of a circle story, never the story; the admin still reads no story', async () => {
    await setAudience('circle');
    const commentOf = async (text: string) =>
      (await t.deps.db.selectFrom('comments').select('id').where('text', '=', text).executeTakeFirstOrThrow()).id;
    // The stranger's own comment ("First!", written while the story was for everyone), reported by the member.
    const commentId = await commentOf('First!');
    // A stranger cannot report what they cannot read (as for no comment); the member can.
    const refused = await viewers.stranger!.client.post('/trpc/moderation.report', {
      target: { kind: 'comment', comment_id: await commentOf(COMMENT) },
      reason: 'spam',
    });
    expect(refused.status).toBe(404);
    const reported = await viewers.circleAccount!.client.post('/trpc/moderation.report', {
      target: { kind: 'comment', comment_id: commentId },
      reason: 'spam',
    });
    expect(reported.status).toBe(200);
    const queue = (await trpcGet(viewers.admin!.client, 'moderation.queue', undefined)).body.result.data as {
      kind: string;
      comment_id: number | null;
      text: string | null;
      story_username: string;
    }[];
    const item = queue.find((i) => i.comment_id === commentId)!;
    expect(item.kind).toBe('comment');
    expect(item.text).toBe('First!');
    expect(item.story_username).toBe(AUTHOR);
    // The comment, not the story: no word of its pages in the queue.
    expect(JSON.stringify(queue)).not.toContain(SECRET_WORDS);
    // The admin's own reads of the story answer as for no story, on every transport.
    expect(await readSurfaces.restPage!(viewers.admin!)).toBe(false);
    expect(await readSurfaces.trpcPage!(viewers.admin!)).toBe(false);
    expect(await readSurfaces.trpcStory!(viewers.admin!)).toBe(false);
    // The admin acts on what was reported: hiding the comment works without reading the story.
    const hidden = await viewers.admin!.client.post('/trpc/moderation.hide', {
      target: { kind: 'comment', comment_id: commentId },
      reason: 'Spam, as reported',
    });
    expect(hidden.status).toBe(200);
    await viewers.admin!.client.post('/trpc/moderation.restore', {
      target: { kind: 'comment', comment_id: commentId },
      reason: 'Restored after the test',
    });
    await setAudience('everyone');
  });
  it('the followers’ email goes to those who may read now, and carries nothing of the story to anyone else', async () => {
    await setAudience('everyone');
    // A link pass of the current key (the share link test above made a new one).
    const { key } = await t.caller(authorId).stories.shareLink();
    const linkDevice = t.client();
    expect((await linkDevice.get(`/s/${key}`)).status).toBe(302);
    // Followers: three accounts (a stranger, a member by account, the removed reader) and three addresses: one
    // followed from the link pass's device, one that is a member's own address (aunt.rose, invited), one nobody invited.
    for (const name of ['stranger', 'circleAccount', 'removed'] as const) {
      expect((await viewers[name]!.client.post('/trpc/follows.follow', { story_username: AUTHOR })).status).toBe(200);
    }
    const followByAddress = async (client: TestClient, email: string) => {
      expect((await client.post('/trpc/follows.followByEmail', { story_username: AUTHOR, email })).status).toBe(200);
      const [mail] = await settle(t, email, 1);
      const confirm = (mail!.text ?? '').match(new RegExp(`${ORIGIN}(/follow/confirm/[^\\s]+)`))![1]!;
      expect((await client.post(confirm)).status).toBe(200);
    };
    await followByAddress(linkDevice, 'link.holder@example.com');
    await followByAddress(t.client(), 'aunt.rose@example.com');
    await followByAddress(t.client(), 'neighbour@example.com');
    const to: Record<string, string> = {
      stranger: await emailOf(viewers.stranger!.id!),
      circleAccount: await emailOf(viewers.circleAccount!.id!),
      removed: await emailOf(viewers.removed!.id!),
      linkHolder: 'link.holder@example.com',
      aunt: 'aunt.rose@example.com',
      neighbour: 'neighbour@example.com',
    };
    const everybody = Object.keys(to);

    let text = `<p>We kept ${SECRET_WORDS}.</p>${storyHtml(3)}`;
    let n = 0;
    /** A new chapter a day later under `audience`; the digest run; exactly `readers` get it, and only they. */
    const chapter = async (audience: Audience, readers: string[], before?: () => Promise<void>) => {
      await setAudience(audience);
      await before?.();
      clock.advance(DAY);
      n += 1;
      const words = `hollyhock${n} by the gate`;
      text += `<h2>Chapter ${n}</h2><p>The ${words} and the ${SECRET_WORDS}.</p>`;
      await t.caller(authorId).stories.publish({ title: TITLE, text });
      const from = (await outbox(t)).length;
      await sendFollowDigests(t.deps, { origin: ORIGIN });
      const mails = await mailsSince(from);
      expect(mails.map(toAddress).sort(), `followers' emails with ${audience} (chapter ${n})`).toEqual(readers.map((r) => to[r]).sort());
      for (const mail of mails) expect(`${mail.subject} ${mail.text}`).toContain(`Chapter ${n}`);
    };
    await chapter('everyone', everybody);
    await chapter('link', ['circleAccount', 'linkHolder', 'aunt']);
    await chapter('circle', ['circleAccount', 'aunt']);
    await chapter('only_me', []);
    // A new share link: the old link's pass, and the follow made with it, hear nothing more.
    await chapter('link', ['circleAccount', 'aunt'], async () => {
      await t.caller(authorId).stories.newShareLink();
    });
    // The writer removes aunt Rose: her address stops hearing at once.
    await chapter('circle', ['circleAccount'], async () => {
      await t.deps.db.deleteFrom('circle_members').where('owner_id', '=', authorId).where('email', '=', 'aunt.rose@example.com').execute();
    });
    await chapter('everyone', everybody);
    // Nobody who may not read the story ever got its words: every email that names a chapter went to a reader then.
    await setAudience('everyone');
  });

  it('the weekly email names only stories its reader may read', async () => {
    // The stranger's comment got the member's reply ("Welcome, stranger"): news for the stranger while they may read.
    await t.caller(viewers.stranger!.id!).notifications.updateSettings({
      likes: true,
      saves: true,
      comments: true,
      replies: true,
      weekly_digest: true,
    });
    const strangerEmail = await emailOf(viewers.stranger!.id!);
    for (const audience of ['circle', 'link', 'only_me'] as const) {
      await setAudience(audience);
      clock.advance(8 * DAY);
      const from = (await outbox(t)).length;
      await sendWeeklyDigests(t.deps, { origin: ORIGIN });
      for (const mail of (await mailsSince(from)).filter((m) => toAddress(m) === strangerEmail)) {
        const all = `${mail.subject} ${mail.text} ${mail.html}`;
        for (const trace of [TITLE, AUTHOR, 'Margaret', COMMENT, 'Welcome, stranger', SECRET_WORDS]) {
          expect(all, `the stranger's weekly email with ${audience}`).not.toContain(trace);
        }
      }
    }
    // For everyone again: the news is the stranger's to hear (so the check above would have seen it).
    await setAudience('everyone');
    await t.caller(viewers.circleAccount!.id!).social.comment({ story_username: AUTHOR, text: 'Welcome again, stranger' });
    await t.deps.projector.drain();
    clock.advance(8 * DAY);
    const from = (await outbox(t)).length;
    await sendWeeklyDigests(t.deps, { origin: ORIGIN });
    const mails = (await mailsSince(from)).filter((m) => toAddress(m) === strangerEmail);
    expect(mails).toHaveLength(1);
  });
});
