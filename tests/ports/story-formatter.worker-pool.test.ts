// The StoryFormatter port on worker threads: the same stories as the core's formatStory, never on the
// calling thread, and every way a story can fail to format is an AppError with a sentence, never a crash.
import { afterEach, describe, expect, it } from 'vitest';
import { ADVERSARIAL_STORIES } from '../../seed/adversarial-stories';
import { storyHtml } from '../../seed/factories';
import { BUSY, WorkerPoolFormatter } from '../../server/src/adapters/story-format/worker-pool-formatter';
import { AppError } from '../../server/src/contract/errors';
import { formatStory } from '../../server/src/core/stories/format-story';
import { TOO_COMPLEX } from '../../server/src/ports/story-formatter';

let formatter: WorkerPoolFormatter | undefined;
afterEach(async () => {
  await formatter?.close();
  formatter = undefined;
});

const prose = ADVERSARIAL_STORIES['plain prose']!();
/** ~250 KB: far over a budget of a few milliseconds, and quick on a busy test machine. */
const shorterProse = prose.slice(0, 250_000).replace(/<[^>]*$/, '');

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('WorkerPoolFormatter', () => {
  it('gives the same body and pages as formatStory', async () => {
    formatter = new WorkerPoolFormatter();
    for (const html of ['', '<p>One line.</p>', storyHtml(3), '<b>bold<p>still bold</p></b><script>x</script>']) {
      expect(await formatter.format(html)).toEqual(formatStory(html));
    }
  });

  it('keeps the calling thread free while it works', async () => {
    formatter = new WorkerPoolFormatter();
    await formatter.format('<p>warm</p>'); // the thread is started
    let ticks = 0;
    let done = false;
    const tick = (): void => {
      if (done) return;
      ticks++;
      setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const story = await formatter.format(prose);
    done = true;
    expect(story.pages.length).toBeGreaterThan(1000);
    // Formatting the largest story takes hundreds of milliseconds: on this thread no timer could fire.
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('refuses a story over its time budget, ends that thread, and goes on with the next story', async () => {
    // The budget runs from when a thread starts on the story: starting the thread is not counted.
    formatter = new WorkerPoolFormatter({ budgetMs: 20, threads: 1 });
    const error = await failureOf(formatter.format(prose));
    expect(error).toMatchObject({ kind: 'UNPROCESSABLE', message: TOO_COMPLEX, fieldErrors: { text: TOO_COMPLEX } });
    expect((await formatter.format('<p>after</p>')).body).toBe('<p>after</p>');
  });

  it('counts the CPU time the thread ran, not the time it waited for a core (issue #23 §7)', async () => {
    // A machine so busy that the thread never gets a core: its CPU clock stands still while the wall clock runs.
    formatter = new WorkerPoolFormatter({ budgetMs: 20, threads: 1, threadCpuMs: () => 0 });
    expect((await formatter.format(shorterProse)).body).toBe(formatStory(shorterProse).body);
  });

  it('reads a draft back whatever its cost: the body as a publish would store it, never refused (issue #23 §7)', async () => {
    formatter = new WorkerPoolFormatter({ budgetMs: 1, threads: 1 });
    expect(await formatter.formatDraft(shorterProse)).toEqual({ body: formatStory(shorterProse).body });
    const links = '<a href="https://a.example">y</a>'.repeat(30_000); // too complex to publish
    expect((await formatter.formatDraft(links)).body).toContain('rel="noopener noreferrer nofollow"');
  });

  it("passes the core's refusal through the thread as the same AppError", async () => {
    formatter = new WorkerPoolFormatter();
    const error = await failureOf(formatter.format('<a href="https://a.example">y</a>'.repeat(100_000)));
    expect(error).toMatchObject({ kind: 'UNPROCESSABLE', message: TOO_COMPLEX });
    // Formatting up to the refusal takes seconds of CPU, more than the default 30 s on a busy machine.
  }, 120_000);

  it('answers busy, with a time to come back, when too many stories wait for a thread', async () => {
    formatter = new WorkerPoolFormatter({ threads: 1, maxWaiting: 1 });
    const running = formatter.format(prose);
    const waiting = formatter.format(prose);
    const error = await failureOf(formatter.format(prose));
    expect(error).toMatchObject({ kind: 'UNAVAILABLE', message: BUSY, retryAfterSec: 5 });
    expect((await running).pages.length).toBe((await waiting).pages.length);
  });
});
