// `npm start`: builds whatever is missing or out of date, then runs the server (migrations run at start) in a
// process of its own, so that the environment it needs from the start (scripts/server-env.mjs) is in place.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClient, buildServer } from './build-steps.mjs';
import { serverProcessEnv } from './server-env.mjs';

await buildClient();
await buildServer();
const server = spawn(process.execPath, [path.resolve('dist/server/main.js')], {
  stdio: 'inherit',
  env: serverProcessEnv(),
});
// The server shuts down gracefully on these; pass them on (Ctrl-C in a terminal reaches both processes anyway).
// SIGHUP: its supervisor replaces the worker processes one at a time with the build in dist/ as it is then, so
// `npm run build` and `kill -HUP <this pid>` serve a new build (docs/decisions/0036-several-processes.md).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
