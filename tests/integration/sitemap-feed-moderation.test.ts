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
    await t.caller(p.id).stories.save({ title: `The story of ${username}`, text: storyHtml(1) });
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
