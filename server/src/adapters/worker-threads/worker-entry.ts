// Where a worker thread's code is: in the built server, the bundle's sibling in dist/server (scripts/build-steps.mjs
// bundles each worker apart); from source (tests, `npm run dev`), the TypeScript file run through tsx.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** `caller` is the pool's `import.meta.url`; `bundled` and `source` are file names beside it. */
export function workerEntry(caller: string, bundled: string, source: string): { filename: string; execArgv: string[] } {
  if (!/\.[cm]?ts$/.test(new URL(caller).pathname)) return { filename: new URL(`./${bundled}`, caller).href, execArgv: [] };
  const tsx = pathToFileURL(createRequire(caller).resolve('tsx')).href;
  return { filename: new URL(`./${source}`, caller).href, execArgv: ['--import', tsx] };
}
