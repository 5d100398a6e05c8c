// vitest globalSetup of the `server-pg` project: one PostgreSQL for the whole run, its connection base handed to
// the test files (tests/support/test-app.ts reads it with inject('postgresBaseUrl')). With a Docker engine
// reachable, testcontainers' PostgreSQL module runs the pinned image; without one (as on this project's CI
// machines), an `initdb` cluster of Debian's PostgreSQL in a temp folder (postgres-cluster.ts).
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import type { TestProject } from 'vitest/node';
import { POSTGRES_IMAGE } from './container-images';
import { whyNoDocker } from './docker';
import { openPostgres } from '../../server/src/db/open-postgres';
import { migratedTemplate, startPostgresCluster } from './postgres-cluster';

/** The same role and base URL shape as the initdb cluster's: a superuser that may create a database per test app. */
async function startPostgresContainer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const container = await new PostgreSqlContainer(POSTGRES_IMAGE)
    .withUsername('life_story_test')
    .withPassword('life_story_test')
    .withDatabase('postgres')
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'])
    .start();
  const url = new URL(container.getConnectionUri());
  url.pathname = '/';
  return { baseUrl: url.toString(), stop: async () => void (await container.stop()) };
}

export default async function setup(project: TestProject) {
  const useDocker = process.env.POSTGRES_TESTS !== 'cluster' && (await whyNoDocker()) === null;
  const postgres = useDocker ? await startPostgresContainer() : await startPostgresCluster();
  project.provide('postgresBaseUrl', postgres.baseUrl);
  // Migrated once here, copied for each test app: an app then starts with nothing to migrate (its migrator still
  // checks, and the migrations' own tests start from template0).
  const template = await migratedTemplate(postgres.baseUrl, async (url) => (await openPostgres(url)).close());
  project.provide('postgresTemplate', template);
  return () => postgres.stop();
}
