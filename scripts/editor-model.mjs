// `npm run editor-model [runs] [seed]`: the editor's model test (docs/editor.md, "The model test") for longer than
// `npm test` runs it, with a random seed unless one is given; the seed is printed first, to replay a failure.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const [runs = '1000', seed = String(Math.floor(Math.random() * 2 ** 31))] = process.argv.slice(2);
console.log(`editor model: ${runs} runs, seed ${seed} (replay: npm run editor-model -- ${runs} ${seed})`);
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--project', 'client', 'client/src/features/drafts/editor/editor-model.test.ts', '-t', 'against its model'],
  {
    stdio: 'inherit',
    env: { ...process.env, EDITOR_MODEL_RUNS: runs, EDITOR_MODEL_SEED: seed, EDITOR_MODEL_STEPS: process.env.EDITOR_MODEL_STEPS ?? '40' },
  },
);
process.exit(result.status ?? 1);
