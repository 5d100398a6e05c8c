// Vitest global setup of the server, server-pg and e2e projects: the server bundled once for the run, as `npm run
// build` bundles it for `npm start`, for the tests that start the server or its commands as processes of their own
// (tests/support/server-command.ts). Started from source through tsx, a server process cost ~6 s of CPU (tsx's
// loader thread resolves and compiles every module); from the bundle ~2 s (docs/testing.md, "Server processes").
// One folder per project and run (parallel runs and projects do not trample each other's), removed at the end.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const outDir = path.resolve(`test-output/server-build-${project.name}-${process.pid}`);
  const steps = (await import(pathToFileURL(path.resolve('scripts/build-steps.mjs')).href)) as {
    buildServer(o: { force: boolean; outDir: string }): Promise<boolean>;
  };
  await steps.buildServer({ force: true, outDir });
  project.provide('serverBuild', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle: main.js and the commands (admin.js, backup.js...) beside it. */
    serverBuild: string;
  }
}
