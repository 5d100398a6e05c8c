// `npm run reindex`: drops the search documents and top-list counters and folds the event log again.
import { loadConfig } from './config';
import { createDeps } from './deps';

const config = loadConfig();
const deps = await createDeps(config);
const started = Date.now();
await deps.projector.rebuild();
console.log(`Reindexed ${await deps.projector.checkpoint()} events into ${deps.search.name} in ${Date.now() - started} ms.`);
await deps.close();
