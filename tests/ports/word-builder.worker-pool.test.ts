// The WordBuilder port on worker threads: the same parts as buildDocxParts on the calling thread, photos answered by
// name with no bytes (nothing large crosses threads), and a story past its budget or a full queue refused with a sentence.
import pLimit from 'p-limit';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDocxParts } from '../../server/src/adapters/word-build/docx-parts';
import { WORD_BUSY, WorkerPoolWordBuilder } from '../../server/src/adapters/word-build/worker-pool-word-builder';
import { AppError } from '../../server/src/contract/errors';
import { WORD_TOO_LARGE, type WordBook } from '../../server/src/ports/word-builder';

let builder: WorkerPoolWordBuilder | undefined;
afterEach(async () => {
  await builder?.close();
  builder = undefined;
});

const book: WordBook = {
  title: 'Words Kept',
  authorName: 'Ada Lovelace',
  origin: 'https://life.example',
  updatedAt: Date.UTC(2026, 10, 27),
  markup:
    '<p>Before.</p><h2 id="c1">First</h2><figure><img src="a.jpg" alt="The farm"><figcaption>The farm</figcaption></figure>' +
    '<h2 id="c2">Second</h2><ul><li>one</li></ul>',
  chapterIds: ['c1', 'c2'],
  photos: [{ name: 'a.jpg', type: 'jpg', width: 1200, height: 900 }],
  words: {
    contents: 'Contents',
    fromSite: 'From Life Story, https://life.example, as it was on 27 November 2026.',
    description: 'Words Kept, by Ada Lovelace',
  },
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('WorkerPoolWordBuilder', () => {
  it('answers the parts buildDocxParts makes, the photo by its name and without bytes', async () => {
    builder = new WorkerPoolWordBuilder();
    const parts = await builder.build(book);
    const here = buildDocxParts(book);
    expect(parts.map((p) => p.name)).toEqual(here.map((p) => p.name));
    const photo = parts.find((p) => p.name.startsWith('word/media/'));
    expect(photo).toMatchObject({ bytes: null, photo: 'a.jpg' });
    const xml = Buffer.from(parts.find((p) => p.name === 'word/document.xml')?.bytes ?? []).toString('utf8');
    expect(xml).toContain('Words Kept');
    expect(xml).toContain('The farm');
  });

  it('refuses a story past its budget with a sentence, and goes on working', async () => {
    builder = new WorkerPoolWordBuilder({ budgetMs: 1 });
    const long = { ...book, markup: '<p>A line of the story, long enough to take a while.</p>'.repeat(20_000) };
    const error = await failureOf(builder.build(long));
    expect(error.kind).toBe('UNPROCESSABLE');
    expect(error.message).toBe(WORD_TOO_LARGE);
  });

  it('refuses as busy past the queue it shares with other pools', async () => {
    const queue = pLimit(1);
    let release: () => void = () => undefined;
    void queue(() => new Promise<void>((r) => (release = r))); // another pool's work holds the one thread
    await new Promise((r) => setImmediate(r)); // p-limit starts it a tick later
    builder = new WorkerPoolWordBuilder({ queue, maxWaiting: 1 });
    const waiting = builder.build(book);
    expect(() => builder?.build(book)).toThrow(WORD_BUSY);
    release();
    expect((await waiting).length).toBeGreaterThan(5);
  });
});
