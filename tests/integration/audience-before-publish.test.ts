// A writer chooses who can read before her first "Save Story" (issue #24): the choice is kept (in the log) across
// sessions and devices, shown back to her, and taken by the first publish on either transport, so a story meant for
// the family is never public for a moment. Runs on SQLite (server) and PostgreSQL (server-pg).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t?.close());

const audienceOf = async (c: TestClient) => (await c.get('/trpc/stories.audience')).body.result.data.audience;

it('keeps the choice made before the first publish, and the first publish (tRPC or REST) takes it', async () => {
  const nan = await signedInPerson(t, { username: 'nan' });
  const viaRest = await signedInPerson(t, { username: 'grandpa' });
  const stranger = await signedInPerson(t, { username: 'stranger' });
  expect(await audienceOf(nan.client)).toBe('everyone');

  for (const writer of [nan, viaRest]) {
    const set = await writer.client.post('/trpc/stories.setAudience', { audience: 'circle' });
    expect(set.status).toBe(200);
    expect(set.body.result.data).toEqual({ audience: 'circle' });
    expect(await audienceOf(writer.client)).toBe('circle');
  }
  // Choosing the same again records nothing more.
  await nan.client.post('/trpc/stories.setAudience', { audience: 'circle' });
  const events = await t.deps.db
    .selectFrom('events')
    .select('type')
    .where('actor_id', '=', nan.id)
    .where('type', '=', 'story_audience_changed')
    .execute();
  expect(events).toHaveLength(1);
  await t.deps.projector.drain(); // an audience with no story yet folds to nothing, without error

  expect((await nan.client.post('/trpc/stories.publish', { title: 'For the family', text: '<p>Dear ones.</p>' })).status).toBe(200);
  expect((await viaRest.client.post('/api/stories/save', { title: 'Grandpa', text: '<p>The farm.</p>' })).status).toBe(201);
  await t.deps.projector.drain();

  for (const username of ['nan', 'grandpa']) {
    const read = await stranger.client.post('/api/stories/story', { username });
    expect(read.body.data).toBeNull();
    const search = await stranger.client.post('/api/searches/all', {});
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).not.toContain(username === 'nan' ? 'For the family' : 'Grandpa');
  }
  expect(await audienceOf(nan.client)).toBe('circle');
  expect((await nan.client.post('/api/stories/story', { username: 'nan' })).body.data.title).toBe('For the family');
});

it('answers only the signed-in writer', async () => {
  expect((await t.client().get('/trpc/stories.audience')).status).toBe(401);
});
