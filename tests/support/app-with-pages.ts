// An app that serves the client's pages too, rendered by the server from source (client/src/entry-server.tsx), over a
// test app's deps: the source index.html carries the build's placeholders, copied into a folder of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as entryServer from '../../client/src/entry-server';
import { createApp } from '../../server/src/app';
import type { TestApp } from './test-app';

export function appWithPages(t: TestApp): { app: ReturnType<typeof createApp>; remove(): void } {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-pages-client-'));
  fs.copyFileSync(path.resolve('client/index.html'), path.join(clientDir, 'index.html'));
  const app = createApp(t.deps, {
    trustProxy: false,
    publicOrigin: undefined,
    mediaPublicBaseUrl: undefined,
    legalUrl: t.config.legalUrl,
    clientDir,
    serverRender: entryServer,
    log: (m) => t.logs.push(m),
  });
  return { app, remove: () => fs.rmSync(clientDir, { recursive: true, force: true }) };
}
