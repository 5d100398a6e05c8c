import { describe, expect, it } from 'vitest';
import { FAILED_AT_START_MS, GIVE_UP_AFTER, restartDelayMs } from './restart-backoff';
import { rollWorkers } from './roll-workers';

describe('rollWorkers', () => {
  const steps = (workers: string[], options: { failAt?: number; ended?: string[] } = {}) => {
    const done: string[] = [];
    let started = 0;
    return {
      done,
      steps: {
        workers,
        ended: (w: string) => options.ended?.includes(w) ?? false,
        startOne: async () => {
          started += 1;
          if (started === options.failAt) throw { code: 1, signal: null };
          done.push(`start new ${started}`);
        },
        drain: async (w: string) => void done.push(`drain ${w}`),
        stopping: () => false,
      },
    };
  };

  it('starts each new worker before the old one drains, one at a time', async () => {
    const { done, steps: s } = steps(['a', 'b']);
    await rollWorkers(s);
    expect(done).toEqual(['start new 1', 'drain a', 'start new 2', 'drain b']);
  });

  it('stops at a new worker that does not start, leaving the old ones not yet replaced serving', async () => {
    const { done, steps: s } = steps(['a', 'b'], { failAt: 2 });
    await expect(rollWorkers(s)).rejects.toEqual({ code: 1, signal: null });
    expect(done).toEqual(['start new 1', 'drain a']);
  });

  it('skips a worker that ended meanwhile (the supervisor replaced it already)', async () => {
    const { done, steps: s } = steps(['a', 'b'], { ended: ['a'] });
    await rollWorkers(s);
    expect(done).toEqual(['start new 1', 'drain b']);
  });
});

describe('restartDelayMs', () => {
  it('restarts at once after a worker that served, later and later while they fail at start, at most 30 s', () => {
    expect(restartDelayMs(0)).toBe(0);
    expect([1, 2, 3, 4, 5].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelayMs(20)).toBe(30_000);
    expect(GIVE_UP_AFTER).toBeGreaterThan(1);
    expect(FAILED_AT_START_MS).toBeGreaterThan(0);
  });
});
