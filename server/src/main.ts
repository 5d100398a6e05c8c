// The entry (`npm start`, the container): the server as one process (WORKERS=1), or a supervisor that runs WORKERS
// of them on one port (docs/decisions/0036-several-processes.md). The supervisor stays small: the server's code
// (the app, the database, sharp, React) is imported only where it serves, so esbuild makes it a chunk of its own.
import cluster from 'node:cluster';
import { workerRole, ALONE } from './cluster/worker-role';
import { ConfigError, loadConfig, servingProblems } from './config';

async function main() {
  if (cluster.isWorker) return (await import('./serve')).serve(workerRole());
  // Checked here, so that a bad setting is said once, not by every worker.
  const config = loadConfig();
  const problems = servingProblems(config);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (config.workers === 1) return (await import('./serve')).serve(ALONE);
  return (await import('./cluster/supervisor')).supervise(config);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
