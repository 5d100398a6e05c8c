/**
 * The CPU cost of one like in the core, without HTTP: setLike (the transaction, the event, the like-count
 * trigger) and the projector's catch-up (fold, documents, search index writes), in this process on a copy of
 * a bench dataset. Twenty people like and unlike at once, as `npm run bench`'s likes section does over HTTP;
 * the projector runs as in the server (poked after each commit). A steadier figure than the HTTP one on a
 * busy machine, for comparing changes to the like path (docs/performance.md, "Likes").
 *
 *   npx tsx bench/like-path.ts bench/.data/scale-20k [--likes 4000] [--people 20]
 *
 * With WRAP=1 it also prints the wall-clock and CPU milliseconds spent in the search index's writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { setLike } from '../server/src/core/social/likes-and-bookmarks';
import type { SignedInActor } from '../server/src/core/shared/core-deps';
import { createDeps } from '../server/src/deps';
import { copyDataDir } from './lib/dataset';
import { seededRandom } from './lib/stats';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const source = argv[0];
if (!source || !fs.existsSync(source)) throw new Error('Usage: npx tsx bench/like-path.ts <dataset dir> [--likes 4000] [--people 20]');
const LIKES = opt('likes', 4000);
const PEOPLE = opt('people', 20);
const HOLD = 4;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'like-path-'));
copyDataDir(path.resolve(source), dir);
const deps = await createDeps(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '0' }), { log: () => undefined });
try {
  // As the server does at start: a dataset seeded before a change of the index's layout is rebuilt first
  // (without it, an embedded index of the old layout would be measured empty).
  if (await deps.projector.rebuildIfFormatChanged()) console.log('(the search index was rebuilt to the current format first)');
  await deps.projector.drain();
  const rnd = seededRandom(13);
  const people = (await deps.db.selectFrom('users').select('id').orderBy('id').limit(PEOPLE).execute()).map((r) => r.id);
  const stories = (await deps.db.selectFrom('users').innerJoin('stories', 'stories.user_id', 'users.id').select('username').execute()).map(
    (r) => r.username,
  );
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const perPerson = Math.ceil(LIKES / people.length);
  const acc = { wall: 0, cpu: 0, calls: 0 };
  if (process.env.WRAP) {
    const s = deps.search as unknown as Record<string, (...a: unknown[]) => Promise<void>>;
    for (const m of ['upsertStories', 'upsertUsers']) {
      const orig = s[m]!.bind(deps.search);
      s[m] = async (...a: unknown[]) => {
        const w = performance.now();
        const c = process.cpuUsage();
        await orig(...a);
        const d = process.cpuUsage(c);
        acc.wall += performance.now() - w;
        acc.cpu += (d.user + d.system) / 1000;
        acc.calls += 1;
      };
    }
  }
  deps.projector.start();
  const before = cpu();
  const started = performance.now();
  await Promise.all(
    people.map(async (userId) => {
      const actor: SignedInActor = { userId, sessionId: null, signedInAt: null, clientKey: `p${userId}` } as SignedInActor;
      const held: string[] = [];
      for (let n = 0; n < perPerson; n++) {
        const unlike = held.length >= HOLD && n % 2 === 1;
        const story = unlike ? held.shift()! : stories[Math.floor(rnd() * stories.length)]!;
        const { on } = await setLike(deps, actor, { story_username: story, on: !unlike });
        if (on) held.push(story);
        // Each HTTP request ends in a turn of the event loop, where a poked projector runs.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  const answered = performance.now();
  await deps.projector.drain();
  const micros = cpu() - before;
  const likes = perPerson * people.length;
  if (process.env.WRAP) console.log(acc);
  console.log(
    `${path.basename(source)}: ${likes} likes and unlikes by ${people.length} people in ${((answered - started) / 1000).toFixed(2)} s; ${(micros / likes).toFixed(0)} µs of CPU per like (projector included)`,
  );
} finally {
  await deps.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
