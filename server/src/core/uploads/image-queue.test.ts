import { describe, expect, it } from 'vitest';
import { AppError } from '../../contract/errors';
import { ImageQueue } from './image-queue';

/** A job that runs until `finish` is called; `started` says whether its turn came. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const job = {
    started: false,
    finish: () => finish(),
    run: () => {
      job.started = true;
      return done;
    },
  };
  return job;
}

const MP = 1_000_000;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ImageQueue', () => {
  it('never works on two 40 MP images at once, yet starts someone else’s small picture beside one', async () => {
    const q = new ImageQueue({ jobs: 2, pixels: 48 * MP });
    const big1 = heldJob();
    const big2 = heldJob();
    const small = heldJob();
    const runs = [q.run('attacker', 40 * MP, big1.run), q.run('attacker', 40 * MP, big2.run)];
    await tick();
    expect([big1.started, big2.started]).toEqual([true, false]);
    runs.push(q.run('someone', 1 * MP, small.run));
    await tick();
    expect(small.started).toBe(true);
    small.finish();
    big1.finish();
    await tick();
    expect(big2.started).toBe(true);
    big2.finish();
    await Promise.all(runs);
    expect(q.load).toEqual({ running: 0, waiting: 0, arriving: 0 });
  });

  it('takes turns by person: one person’s many images do not go before another’s one', async () => {
    const q = new ImageQueue({ jobs: 1, waiting: 10 });
    const first = heldJob();
    const many = [heldJob(), heldJob(), heldJob()];
    const other = heldJob();
    const runs = [q.run('a', MP, first.run), ...many.map((j) => q.run('a', MP, j.run)), q.run('b', MP, other.run)];
    await tick();
    first.finish();
    await tick();
    expect(other.started).toBe(true);
    expect(many.some((j) => j.started)).toBe(false);
    other.finish();
    for (const j of many) {
      await tick();
      j.finish();
    }
    await Promise.all(runs);
  });

  it('lets nothing pass an image that has waited its patience', async () => {
    const q = new ImageQueue({ jobs: 2, pixels: 48 * MP, patienceMs: 0 });
    const big1 = heldJob();
    const big2 = heldJob();
    const small = heldJob();
    const runs = [q.run('a', 40 * MP, big1.run), q.run('b', 40 * MP, big2.run), q.run('c', MP, small.run)];
    await tick();
    expect([big1.started, big2.started, small.started]).toEqual([true, false, false]);
    big1.finish();
    await tick();
    expect(big2.started).toBe(true);
    big2.finish();
    await tick();
    small.finish();
    await Promise.all(runs);
  });

  it('refuses with 503 and Retry-After past the waiting images it holds', async () => {
    const q = new ImageQueue({ jobs: 1, waiting: 2 });
    const jobs = [heldJob(), heldJob(), heldJob()];
    const runs = jobs.map((j, i) => q.run(`p${i}`, MP, j.run));
    await tick();
    expect(q.load).toEqual({ running: 1, waiting: 2, arriving: 0 });
    const refused = await q.run('late', MP, async () => 'ran').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: 'UNAVAILABLE', retryAfterSec: expect.any(Number) });
    for (const j of jobs) {
      j.finish();
      await tick();
    }
    await Promise.all(runs);
  });

  it('counts bodies still arriving against the line: past it, a large or unknown body is refused before it is read', async () => {
    const q = new ImageQueue({ jobs: 1, waiting: 2 });
    const first = q.reservePlace(5 * MP);
    q.reservePlace(undefined);
    expect(q.load).toMatchObject({ arriving: 2 });
    expect(() => q.reservePlace(5 * MP)).toThrow(expect.objectContaining({ kind: 'UNAVAILABLE', retryAfterSec: expect.any(Number) }));
    expect(q.reservePlace(100_000)).toBeTypeOf('function'); // a small body is read: it may start beside the others
    // The first body arrived: its place passes to its image, which starts at once; giving it back twice counts once.
    first();
    first();
    expect(await q.run('a', MP, async () => q.load)).toEqual({ running: 1, waiting: 0, arriving: 1 });
    expect(q.reservePlace(5 * MP)).toBeTypeOf('function');
  });

  it('counts each person’s uploads under way and refuses past them with 429 until one ends', () => {
    const q = new ImageQueue({ perPerson: 2 });
    const end1 = q.enter('7');
    q.enter('7');
    expect(() => q.enter('7')).toThrow(expect.objectContaining({ kind: 'RATE_LIMITED', retryAfterSec: expect.any(Number) }));
    q.enter('8');
    end1();
    end1(); // ending twice counts once
    q.enter('7');
    expect(() => q.enter('7')).toThrow(AppError);
  });
});
