// vitest globalSetup of the `server-pg` project: one PostgreSQL cluster for the whole run, its connection base
// handed to the test files (tests/support/test-app.ts reads it with inject('postgresBaseUrl')).
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresBaseUrl', cluster.baseUrl);
  return () => cluster.stop();
}
