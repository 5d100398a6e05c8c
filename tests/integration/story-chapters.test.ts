// Chapters readers can use (issue #25, docs/decisions/0029-chapters.md): publishing stores the chapters with the
// story, stories.get (tRPC) returns them, the stored pages carry the headings' ids, and /api keeps its exact shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChaptersToOlderStories } from '../../server/src/core/stories/add-chapters-to-older-stories';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

const words = (n: number, prefix: string): string => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

/** Four chapters of 600 words each: at 900 words a page, each starts a page of its own. */
const FOUR_CHAPTERS = ['Where I was born', 'My first school', 'My first school', 'Meeting Tom']
  .map((title, i) => `<h2 id="mine">${title}</h2><p>${words(600, `c${i}w`)}</p>`)
  .join('');

describe('chapters of a story', () => {
  it('are stored at publish and returned by stories.get, with the pages holding their ids', async () => {
    const author = await signedInPerson(t);
    const published = await t.caller(author.id).stories.publish({ title: 'My life', text: FOUR_CHAPTERS } as never);
    expect(published.page_count).toBe(4);
    const read = await t.caller(null).stories.get({ username: author.username });
    expect(read?.chapters).toEqual([
      { title: 'Where I was born', slug: 'where-i-was-born', page: 1 },
      { title: 'My first school', slug: 'my-first-school', page: 2 },
      { title: 'My first school', slug: 'my-first-school-2', page: 3 },
      { title: 'Meeting Tom', slug: 'meeting-tom', page: 4 },
    ]);
    const page3 = await t.caller(null).stories.page({ username: author.username, page_number: 3 });
    expect(page3.html.startsWith('<h2 id="my-first-school-2" dir="auto">My first school</h2>')).toBe(true);
    // The author's text for the editor has no ids: only the server names chapters, and only in the pages.
    const own = await t.caller(author.id).stories.get({ username: author.username });
    expect(own?.text).not.toContain(' id=');
    expect(own?.chapters).toHaveLength(4);
  });

  it('follow the story when it is published again', async () => {
    const author = await signedInPerson(t);
    await t.caller(author.id).stories.publish({ title: 'T', text: FOUR_CHAPTERS } as never);
    await t.caller(author.id).stories.publish({ title: 'T', text: '<p>No chapters now.</p>' } as never);
    expect((await t.caller(null).stories.get({ username: author.username }))?.chapters).toEqual([]);
  });

  it('/api keeps its shapes: the story has no chapters field, a page only its html', async () => {
    const author = await signedInPerson(t);
    expect((await author.client.post('/api/stories/save', { title: 'Api', text: FOUR_CHAPTERS })).status).toBe(201);
    const story = await t.client().post('/api/stories/story', { username: author.username });
    expect(story.status).toBe(200);
    expect(Object.keys(story.body.data)).not.toContain('chapters');
    const page = await t.client().post('/api/stories/page', { username: author.username, page_number: 2 });
    expect(Object.keys(page.body.data ?? page.body)).not.toContain('chapters');
    // the same chapters over tRPC, for a story saved through /api
    expect((await t.caller(null).stories.get({ username: author.username }))?.chapters.map((c) => c.page)).toEqual([1, 2, 3, 4]);
  });
});

describe('stories published before chapters existed', () => {
  /** Makes a published story look as migration 019 left it: no contents, pages cut by the old rule without ids. */
  const makeOlder = async (userId: number, pages: string[]) => {
    await t.deps.db.updateTable('stories').set({ chapters: '[]', page_count: pages.length }).where('user_id', '=', userId).execute();
    await t.deps.db.deleteFrom('pages').where('user_id', '=', userId).execute();
    await t.deps.db
      .insertInto('pages')
      .values(pages.map((html, i) => ({ user_id: userId, page_number: i + 1, html })))
      .execute();
  };

  it('get their contents and headed pages once, at start, with nothing else changed', async () => {
    const author = await signedInPerson(t);
    const plain = await signedInPerson(t);
    const quoted = await signedInPerson(t);
    await t.caller(author.id).stories.publish({ title: 'Older', text: FOUR_CHAPTERS } as never);
    await t.caller(plain.id).stories.publish({ title: 'Plain', text: '<p>No chapters at all.</p>' } as never);
    await t.caller(quoted.id).stories.publish({ title: 'Quoted', text: '<blockquote><h2>Not a chapter</h2></blockquote>' } as never);
    const before = await t.caller(null).stories.get({ username: author.username });
    await makeOlder(author.id, [FOUR_CHAPTERS.replace(/ id="mine"/g, '')]);
    expect((await t.caller(null).stories.get({ username: author.username }))?.chapters).toEqual([]);

    expect(await addChaptersToOlderStories(t.deps)).toBe(1);
    const after = await t.caller(null).stories.get({ username: author.username });
    expect(after?.chapters).toEqual(before?.chapters);
    expect([after?.page_count, after?.version, after?.title]).toEqual([4, before?.version, 'Older']);
    const page3 = await t.caller(null).stories.page({ username: author.username, page_number: 3 });
    expect(page3.html.startsWith('<h2 id="my-first-school-2" dir="auto">My first school</h2>')).toBe(true);
    // No revision was made: the writer's history is as it was.
    expect(await t.caller(author.id).revisions.list()).toHaveLength(1);
    // A second start finds nothing to do.
    expect(await addChaptersToOlderStories(t.deps)).toBe(0);
  });

  it('leave alone a story published again while its chapters were being made', async () => {
    const author = await signedInPerson(t);
    await t.caller(author.id).stories.publish({ title: 'Older', text: FOUR_CHAPTERS } as never);
    await makeOlder(author.id, [FOUR_CHAPTERS]);
    // Another instance serving already (PostgreSQL, ADR 0023): the writer publishes while this one formats.
    const formatter = t.deps.formatter;
    const racing: typeof t.deps = {
      ...t.deps,
      formatter: {
        ...formatter,
        format: async (html, photos) => {
          await t.caller(author.id).stories.publish({ title: 'Newer', text: '<p>Shorter now.</p>' } as never);
          return formatter.format(html, photos);
        },
      },
    };
    expect(await addChaptersToOlderStories(racing)).toBe(0);
    const read = await t.caller(null).stories.get({ username: author.username });
    expect([read?.title, read?.page_count, read?.chapters]).toEqual(['Newer', 1, []]);
    expect((await t.caller(null).stories.page({ username: author.username, page_number: 1 })).html).toBe('<p dir="auto">Shorter now.</p>');
  });
});
