// `npm run reindex`: folds the event log again into fresh projections and replaces every search document and
// top-list counter (on Meilisearch: a fresh index, swapped in once complete). Stop the server first, or let it
// catch up afterwards.
import { ConfigError, loadConfig } from '../config';
import { createDeps } from '../deps';

try {
  const config = loadConfig();
  const deps = await createDeps(config);
  try {
    const started = Date.now();
    await deps.projector.rebuild();
    console.log(`Reindexed ${await deps.projector.checkpoint()} events into ${deps.search.name} in ${Date.now() - started} ms.`);
  } finally {
    await deps.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Reindex failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
