// A poke that finds another process's projector running tries again shortly instead of waiting for the next tick
// (projector.ts, FOLLOW_MS; docs/decisions/0037-processes-on-one-sqlite-file.md): that run may have read the log just
// before this process's commit. No database here: the lock answers "taken" without running anything.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SearchIndex } from '../../ports/search-index';
import { systemClock } from '../../ports/clock';
import { Projector } from './projector';

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('Projector with a lock held elsewhere', () => {
  it('tries again soon after a failed try, without a tick, and stops once it took the lock', async () => {
    let tries = 0;
    let taken = true;
    const projector = new Projector({
      db: {} as Kysely<Database>,
      search: {} as SearchIndex,
      clock: systemClock,
      log: () => undefined,
      runAlone: async () => {
        tries += 1;
        if (taken) return false;
        return true; // "ran": nothing to fold in this test
      },
    });
    projector.committed(); // no start(): no tick
    await waitFor(() => tries >= 3);
    expect(tries).toBeGreaterThanOrEqual(3);
    taken = false;
    const at = tries;
    await waitFor(() => tries > at);
    const settled = tries;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries).toBe(settled); // took the lock: no more tries until the next poke
    await projector.stop();
  });

  it('gives up after a bounded number of tries while the other run goes on (the tick takes over)', async () => {
    let tries = 0;
    const projector = new Projector({
      db: {} as Kysely<Database>,
      search: {} as SearchIndex,
      clock: systemClock,
      log: () => undefined,
      runAlone: async () => {
        tries += 1;
        return false;
      },
    });
    projector.committed();
    await waitFor(() => tries >= 41);
    const settled = tries;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries).toBe(settled);
    expect(settled).toBe(41);
    await projector.stop();
  }, 20_000);
});
