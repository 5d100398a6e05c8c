// A story the moderators hid, or whose author they suspended, leaves the sitemap and the feed, and comes back when
// restored (ADR 0018, ADR 0020).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock';
import { makeAdmin } from '../support/admin';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

const clock = new FakeClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
const reason = 'Reported as spam';

beforeAll(async () => {
  t = await makeTestApp({ clock });
  admin = await makeAdmin(t, await signedInPerson(t, { username: 'site_admin' })); // as `npm run admin -- --email` does
  for (const username of ['kept_story', 'hidden_story', 'suspended_one']) {
    const p = await signedInPerson(t, { username });
    await t.caller(p.id).stories.publish({ title: `The story of ${username}`, text: storyHtml(1) });
  }
});
afterAll(async () => t.close());

async function listed() {
  clock.advance(60 * 60_000); // past the feed's minute of freshness
  const text = async (url: string) => (await t.app.request(`http://localhost${url}`)).text();
  const [sitemap, feed] = [await text('/sitemap.xml'), await text('/feed.xml')];
  const names = ['kept_story', 'hidden_story', 'suspended_one'];
  return { sitemap: names.filter((n) => sitemap.includes(`/story/${n}/`)), feed: names.filter((n) => feed.includes(`/story/${n}/`)) };
}

describe('sitemap and feed under moderation', () => {
  it('leave out hidden stories and suspended authors while moderation keeps them so', async () => {
    const all = ['kept_story', 'hidden_story', 'suspended_one'];
    expect(await listed()).toEqual({ sitemap: all, feed: all });

    await t.caller(admin.id).moderation.hide({ target: { kind: 'story', story_username: 'hidden_story' }, reason });
    await t.caller(admin.id).moderation.suspend({ username: 'suspended_one', reason });
    expect(await listed()).toEqual({ sitemap: ['kept_story'], feed: ['kept_story'] });

    await t.caller(admin.id).moderation.restore({ target: { kind: 'story', story_username: 'hidden_story' }, reason: 'Not spam' });
    await t.caller(admin.id).moderation.unsuspend({ username: 'suspended_one', reason: 'Appeal accepted' });
    expect(await listed()).toEqual({ sitemap: all, feed: all });
  });
});

describe('a story taken down (issue #23 §9)', () => {
  const feed = (headers: Record<string, string> = {}) => t.app.request('http://localhost/feed.xml', { headers });
  const inFeed = async (username: string) => (await (await feed()).text()).includes(`/story/${username}/`);

  it('leaves the feed at the next request, and caches are told to ask again each time', async () => {
    const first = await feed();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    expect((await first.text()).includes('/story/kept_story/')).toBe(true);
    // Nothing changed: a cache asking again gets a 304.
    expect((await feed({ 'if-none-match': tag! })).status).toBe(304);

    // No time passes: the feed follows the change, not a clock.
    await t.caller(admin.id).moderation.hide({ target: { kind: 'story', story_username: 'kept_story' }, reason });
    expect(await inFeed('kept_story')).toBe(false);
    const changed = await feed({ 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    await t.caller(admin.id).moderation.restore({ target: { kind: 'story', story_username: 'kept_story' }, reason: 'Not spam' });
    expect(await inFeed('kept_story')).toBe(true);

    // Deleted by its author: gone at once too.
    const leaving = await signedInPerson(t, { username: 'leaving_soon' });
    await t.caller(leaving.id).stories.publish({ title: 'Short stay', text: storyHtml(1) });
    expect(await inFeed('leaving_soon')).toBe(true);
    await t.caller(leaving.id).stories.delete({ story_username: 'leaving_soon' });
    expect(await inFeed('leaving_soon')).toBe(false);
  });

  it('leaves the sitemap at once, which caches must also ask for again', async () => {
    const sitemap = await t.app.request('http://localhost/sitemap.xml');
    expect(sitemap.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const tag = sitemap.headers.get('etag');
    expect(tag).toBeTruthy();
    expect((await t.app.request('http://localhost/sitemap.xml', { headers: { 'if-none-match': tag! } })).status).toBe(304);
    await t.caller(admin.id).moderation.hide({ target: { kind: 'story', story_username: 'kept_story' }, reason });
    expect(await (await t.app.request('http://localhost/sitemap.xml')).text()).not.toContain('/story/kept_story/');
    await t.caller(admin.id).moderation.restore({ target: { kind: 'story', story_username: 'kept_story' }, reason: 'Not spam' });
  });
});
