// The production build the bench measures: dist/ rebuilt when its sources are newer (scripts/build-steps.mjs).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSizes } from './client-bundle';

export async function buildIfStale(root: string, log: (line: string) => void): Promise<void> {
  const steps = (await import(pathToFileURL(path.join(root, 'scripts/build-steps.mjs')).href)) as {
    buildClient(o?: { force?: boolean }): Promise<boolean>;
    buildServer(o?: { force?: boolean }): Promise<boolean>;
  };
  // A client built under vitest (NODE_ENV=test) carries React's development build: not what readers get.
  const clientDir = path.join(root, 'dist/client');
  let force = false;
  try {
    force = bundleSizes(clientDir).developmentReact;
  } catch {
    /* not built yet, or built without the editor chunk: buildClient decides */
  }
  if (force) log('The built client carries React’s development build: rebuilding it for production.');
  process.env.NODE_ENV = 'production';
  await steps.buildClient({ force });
  await steps.buildServer();
}
