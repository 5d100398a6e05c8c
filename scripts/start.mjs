// `npm start`: builds whatever is missing or out of date, then runs the server (migrations run at start).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClient, buildServer } from './build-steps.mjs';

await buildClient();
await buildServer();
await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
