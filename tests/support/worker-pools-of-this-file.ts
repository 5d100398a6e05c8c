// One set of worker-thread pools (the story formatter, the document converter, the Word builder) for every test app
// of a test file, instead of a set per app. From source a pool's thread starts through tsx and compiles its modules
// first: ~1 s of CPU per app that publishes or autosaves once, most of a server test's CPU before (docs/testing.md,
// "Workers"). An app's close leaves them running; the file's end closes them. Tests that pass a pool of their own
// (a budget of 1 ms, a fake) still get theirs.
import os from 'node:os';
import pLimit from 'p-limit';
import { afterAll } from 'vitest';
import { WorkerPoolConverter } from '../../server/src/adapters/document-convert/worker-pool-converter';
import { WorkerPoolFormatter } from '../../server/src/adapters/story-format/worker-pool-formatter';
import { WorkerPoolWordBuilder } from '../../server/src/adapters/word-build/worker-pool-word-builder';
import type { DepsOverrides } from '../../server/src/deps';

type Pools = Required<Pick<DepsOverrides, 'formatter' | 'converter' | 'word'>>;

let pools: Pools | undefined;

/** `pool` with a close that does nothing: the app closing is not the file ending. */
function keptOpen<T extends { close(): Promise<void> }>(pool: T): T {
  return new Proxy(pool, {
    get: (target, key) => {
      if (key === 'close') return async () => undefined;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The pools as deps.ts makes them for one process (WORKERS=1), made on first use in this file. */
export function workerPoolsOfThisFile(): Pools {
  if (!pools) {
    const cores = os.availableParallelism();
    const documentThreads = Math.max(1, Math.min(2, cores - 1));
    const documentQueue = pLimit(documentThreads);
    pools = {
      formatter: new WorkerPoolFormatter({ threads: Math.max(1, Math.min(4, cores - 1)) }),
      converter: new WorkerPoolConverter({ threads: documentThreads, queue: documentQueue }),
      word: new WorkerPoolWordBuilder({ threads: documentThreads, queue: documentQueue }),
    };
  }
  return { formatter: keptOpen(pools.formatter), converter: keptOpen(pools.converter), word: keptOpen(pools.word) };
}

afterAll(async () => {
  const open = pools;
  pools = undefined;
  await Promise.all([open?.formatter.close(), open?.converter.close(), open?.word.close()]);
});
