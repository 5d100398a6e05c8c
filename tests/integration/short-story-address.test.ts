// The short address of a story (issue #26, point 11): /@<username> opens page 1 of the story; the spec's addresses
// are untouched, and what is not a username is an unknown address as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('/@<username>', () => {
  it('sends the browser to page 1 of the story, the username in lower case', async () => {
    for (const [path, to] of [
      ['/@mara', '/story/mara/page/1'],
      ['/@Mara.B_1', '/story/mara.b_1/page/1'],
    ] as const) {
      const res = await t.client().send('GET', path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(to);
    }
  });

  it('leaves anything that is not a username alone', async () => {
    for (const path of ['/@ab', '/@mara/page/2', '/@ma%20ra']) {
      const res = await t.client().send('GET', path);
      expect(res.status).not.toBe(302);
    }
  });
});
