// `npm run seed -- --users N --likes M --comments K [--seed S] [--data-dir DIR] [--now ISO-DATE]`
// Fills an empty DATA_DIR with the scale data set (see seed/scale/generate.ts) and prints its progress.
import { parseArgs } from 'node:util';
import { generateScaleData, SCALE_PASSWORD } from './scale/generate';

const USAGE =
  'Usage: npm run seed -- [--users 100000] [--likes 1000000] [--comments 200000] [--seed 1] [--data-dir DIR] [--now 2026-01-31]';

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n)) throw new Error(`--${name} must be a whole number (got ${value}).\n${USAGE}`);
  return n;
}

try {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      likes: { type: 'string' },
      comments: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
  } else {
    const now = values.now === undefined ? undefined : Date.parse(values.now);
    if (now !== undefined && Number.isNaN(now)) throw new Error(`--now must be a date such as 2026-01-31 (got ${values.now}).`);
    const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
    const result = await generateScaleData({
      dataDir,
      users: count('users', values.users, 100_000),
      likes: count('likes', values.likes, 1_000_000),
      comments: count('comments', values.comments, 200_000),
      seed: count('seed', values.seed, 1),
      now,
      log: (line) => console.log(line),
    });
    console.log(
      `${result.users} users (password "${SCALE_PASSWORD}"), ${result.likes} likes, ${result.comments} comments, ${result.events} events in ${dataDir}`,
    );
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
