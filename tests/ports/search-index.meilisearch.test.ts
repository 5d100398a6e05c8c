// The Meilisearch adapter against a real Meilisearch in a container (testcontainers): the shared SearchIndex
// contract, what only this adapter promises (the rebuild swap, no names for private people), and the whole app
// projecting into it. Runs wherever a Docker engine answers, and says clearly why it is skipped elsewhere.
import { randomBytes } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MeilisearchIndex } from '../../server/src/adapters/search/meilisearch/meilisearch-index';
import { MEILISEARCH_IMAGE } from '../support/container-images';
import { skippedBecause, whyNoDocker } from '../support/docker';
import { DAY, FakeClock } from '../support/fake-clock';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';
import { runSearchIndexContract, story, user } from './search-index.case';

const MASTER_KEY = 'contract-tests-master-key-0123456789';
const noDocker = await whyNoDocker();

if (noDocker) {
  describe.skip(skippedBecause('SearchIndex contract on Meilisearch', noDocker), () => {
    it('runs on a machine with a Docker engine', () => undefined);
  });
} else {
  describe('SearchIndex on Meilisearch (testcontainers)', () => {
    let meili: StartedTestContainer;
    let url: string;
    beforeAll(async () => {
      meili = await new GenericContainer(MEILISEARCH_IMAGE)
        .withEnvironment({ MEILI_MASTER_KEY: MASTER_KEY, MEILI_NO_ANALYTICS: 'true', MEILI_ENV: 'development' })
        .withExposedPorts(7700)
        .withWaitStrategy(Wait.forHttp('/health', 7700).forStatusCode(200))
        .start();
      url = `http://${meili.getHost()}:${meili.getMappedPort(7700)}`;
    }, 300_000);
    afterAll(async () => meili?.stop());

    const admin = () => new Meilisearch({ host: url, apiKey: MASTER_KEY });
    const fresh = () => {
      const uid = `t-${randomBytes(6).toString('hex')}`;
      const index = new MeilisearchIndex({ url, key: MASTER_KEY, index: uid });
      const cleanup = async () => {
        await index.close();
        await admin().deleteIndex(uid).waitTask();
        await admin().deleteIndex(`${uid}-rebuild`).waitTask();
      };
      return { uid, index, cleanup };
    };

    runSearchIndexContract('meilisearch', async () => fresh());

    describe('Meilisearch specifics', () => {
      let ctx: ReturnType<typeof fresh>;
      beforeEach(async () => {
        ctx = fresh();
        await ctx.index.init();
      });
      afterEach(async () => ctx.cleanup());
      const ids = async (text: string) => (await ctx.index.search({ text, kind: 'all', limit: 20 })).map((h) => h.id);

      it('rebuilds into a fresh index: searches see the old documents until the swap, and a failed fill changes nothing', async () => {
        await ctx.index.upsertStories([story(1, 'aaa', 'Winter tales')]);
        await expect(
          ctx.index.rebuild(async (w) => {
            await w.upsertStories([story(2, 'bbb', 'Winter nights')]);
            throw new Error('no more events');
          }),
        ).rejects.toThrow('no more events');
        expect(await ids('winter')).toEqual([1]);
        await ctx.index.rebuild(async (w) => {
          await w.upsertStories([story(2, 'bbb', 'Winter nights')]);
          expect(await ids('winter')).toEqual([1]);
        });
        expect(await ids('winter')).toEqual([2]);
        const uids = (await admin().getRawIndexes({ limit: 1000 })).results.map((i) => i.uid);
        expect(uids).toContain(ctx.uid);
        expect(uids).not.toContain(`${ctx.uid}-rebuild`);
      });

      it('stores no names at all for a private person', async () => {
        await ctx.index.upsertUsers([user(1, 'qwerty', 'Zenobia', 'Quill')]);
        await ctx.index.upsertUsers([user(1, 'qwerty', null, null)]);
        const doc = await admin().index(ctx.uid).getDocument('u-1');
        expect(JSON.stringify(doc)).not.toMatch(/Zenobia|Quill/);
      });

      it('applies the settings kept in code', async () => {
        const settings = await admin().index(ctx.uid).getSettings();
        expect(settings.rankingRules).toEqual(['words', 'typo', 'attributeRank', 'exactness', 'sort', 'likes:desc', 'uname:asc']);
        expect(settings.typoTolerance?.minWordSizeForTypos).toEqual({ oneTypo: 5, twoTypos: 9 });
      });
    });

    describe('the app on Meilisearch', () => {
      let t: TestApp;
      let clock: FakeClock;
      let uid: string;
      beforeEach(async () => {
        clock = new FakeClock();
        uid = `app-${randomBytes(6).toString('hex')}`;
        t = await makeTestApp({ clock, env: { MEILI_URL: url, MEILI_KEY: MASTER_KEY, MEILI_INDEX: uid } });
      });
      afterEach(async () => {
        await t.close();
        await admin().deleteIndex(uid).waitTask();
      });

      it('projects events into search and top lists, ages the windows, and a rebuild gives the same result', async () => {
        expect(t.deps.search.name).toBe('meilisearch');
        const maria = await signedInPerson(t, { username: 'maria_g', first_name: 'Maria', last_name: 'Garcia' });
        const rob = await signedInPerson(t, { username: 'robert', first_name: 'Robert', last_name: 'Winters' });
        await rob.client.post('/api/users/edit', {
          first_name: 'Robert',
          last_name: 'Winters',
          email: rob.email,
          dob: rob.dob,
          is_private: true,
        });
        await maria.client.post('/api/stories/save', { title: 'A garden by the river', text: storyHtml(2) });
        await rob.client.post('/api/stories/save', { title: 'Winters in the north', text: storyHtml(1) });
        await rob.client.post('/api/users/like', { data: { liked: false, story_username: 'maria_g' } });
        await t.deps.projector.drain();

        const snapshot = async () => ({
          top: [await t.deps.search.top('all', 0, 50), await t.deps.search.top('month', 0, 50), await t.deps.search.countTop('year')],
          garden: await t.deps.search.search({ text: 'garden riv', kind: 'all', limit: 20 }),
          names: await t.deps.search.search({ text: 'winters', kind: 'users', limit: 20 }),
        });
        const once = await snapshot();
        expect(once.top).toEqual([[maria.id, rob.id], [maria.id], 1]);
        expect(once.garden.map((h) => h.id)).toEqual([maria.id]);
        expect(once.names).toEqual([]); // a private account's names are not in the index

        await t.deps.projector.rebuild();
        expect(await snapshot()).toEqual(once);

        clock.advance(31 * DAY);
        await t.deps.projector.drain();
        expect(await t.deps.search.top('month', 0, 50)).toEqual([]);
        expect(await t.deps.search.top('year', 0, 50)).toEqual([maria.id]);
      });
    });
  });
}
