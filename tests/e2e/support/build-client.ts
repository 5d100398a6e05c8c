// Vitest global setup of the e2e project: one production build of the client for the whole run, into a
// folder of its own (parallel runs do not trample each other's dist/), with vite.config.ts's own settings.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';

/** Both browser projects (`e2e`, `e2e-late`) use one build: the main process holds it (each project loads this file anew). */
const BUILT = Symbol.for('life-story/e2e-client-build');
type Holder = { [BUILT]?: Promise<string> };

export default async function setup(project: TestProject) {
  const holder = globalThis as Holder;
  const first = holder[BUILT] === undefined;
  holder[BUILT] ??= buildClient();
  const outDir = await holder[BUILT];
  project.provide('clientDir', outDir);
  project.provide('serverRender', path.join(`${outDir}-ssr`, 'entry-server.js'));
  if (!first) return undefined;
  return () => {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(`${outDir}-ssr`, { recursive: true, force: true });
  };
}

async function buildClient(): Promise<string> {
  const outDir = path.resolve(`test-output/e2e-client-${process.pid}`);
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    // The server's build of the reader screens (scripts/build-steps.mjs does the same for `npm run build`).
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: path.resolve('client/src/entry-server.tsx'), outDir: `${outDir}-ssr`, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
    serverRender: string;
  }
}
