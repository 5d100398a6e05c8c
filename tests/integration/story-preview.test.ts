// Page 1 before a first publish (issue #26, point 3): stories.preview formats the story exactly as a publish would
// and stores nothing, so the write screen can show a new writer what her readers will see before it goes out.
import { afterEach, expect, it } from 'vitest';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp | undefined;
afterEach(async () => t?.close());

const longStory = (words: number) => `<h2>Early days</h2><p>${'word '.repeat(words).trim()}.</p><p>The end.</p>`;

it('answers page 1 as stories.page serves it after the publish, and stores nothing', async () => {
  t = await makeTestApp();
  const nan = await signedInPerson(t, { username: 'nan' });
  const input = { title: '  My life  ', text: `${longStory(1500)}<script>alert(1)</script>` };

  const preview = await nan.client.post('/trpc/stories.preview', input);
  expect(preview.status).toBe(200);
  const shown = preview.body.result.data;
  expect(shown.title).toBe('My life');
  expect(shown.page_count).toBe(2);
  expect(shown.html).toContain('<h2 id="early-days" dir="auto">Early days</h2>'); // with its chapter's id, as the page will be
  expect(shown.html).not.toContain('script');

  // Nothing is published or kept: no story, no event.
  expect((await nan.client.post('/api/stories/story', { username: 'nan' })).body.data).toBeNull();
  const events = await t.deps.db.selectFrom('events').select('type').where('actor_id', '=', nan.id).execute();
  expect(events.map((e) => e.type)).not.toContain('story_saved');

  expect((await nan.client.post('/trpc/stories.publish', input)).status).toBe(200);
  const page1 = await nan.client.get(`/trpc/stories.page?input=${encodeURIComponent(JSON.stringify({ username: 'nan', page_number: 1 }))}`);
  expect(page1.body.result.data.html).toBe(shown.html);
});

it('refuses what the publish would refuse, with the same field messages, and only signed in', async () => {
  t = await makeTestApp();
  const nan = await signedInPerson(t, { username: 'nan' });
  const noTitle = await nan.client.post('/trpc/stories.preview', { title: '   ', text: '<p>Hello</p>' });
  expect(noTitle.status).toBe(400);
  expect(noTitle.body.error.message).toContain('Please give your story a title.');
  expect((await t.client().post('/trpc/stories.preview', { title: 'x', text: '<p>x</p>' })).status).toBe(401);
});

it('has its own hourly budget per account', async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  const nan = await signedInPerson(t, { username: 'nan' });
  const input = { title: 'Mine', text: '<p>Hello</p>' };
  for (let i = 0; i < 60; i++) expect((await nan.client.post('/trpc/stories.preview', input)).status).toBe(200);
  const refused = await nan.client.post('/trpc/stories.preview', input);
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toMatch(/^Too many previews of your story\. Please try again in/);
  // Previews take nothing from the publish budget.
  expect((await nan.client.post('/trpc/stories.publish', input)).status).toBe(200);
});
