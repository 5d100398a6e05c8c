// startStack (tests/support/start-stack.ts; docs/decisions/0041-typed-client-and-start-stack.md) for each combination
// this machine can run, one request each: the local stand-ins always, the containers where a Docker engine answers.
// Meilisearch has no local stand-in: without Docker its combinations skip with a line. The default one (SQLite, the
// embedded index, disk) is also what every e2e file starts (tests/e2e/support/e2e.ts).
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { skippedBecause, whyNoDocker } from '../support/docker';
import { type Stack, type StackOptions, startStack, StackUnavailable } from '../support/start-stack';

const noDocker = await whyNoDocker();

const stacks: Stack[] = [];
afterEach(async () => {
  for (const s of stacks.splice(0)) await s.stop();
});

async function started(options: StackOptions): Promise<Stack> {
  const stack = await startStack(options);
  stacks.push(stack);
  return stack;
}

/** A story published (the database) and found (the search index, once projected): the words come back. */
async function exercise(stack: Stack) {
  const writer = await stack.newPerson();
  const word = `zebra${randomBytes(3).toString('hex')}`;
  const published = await writer.trpc.stories.publish.mutate({ title: `A ${word} story`, text: `<p>About the ${word}.</p>` });
  expect(published.version).toBe(1);
  await stack.deps.projector.drain();
  const found = await writer.trpc.explore.search.query({ text: word });
  return found;
}

// A PostgreSQL cluster starts in seconds, more on a busy machine: past the project's 30 s per test.
describe('startStack, local stand-ins', { timeout: 120_000 }, () => {
  it('sqlite + embedded + disk (the default): an app on loopback, a signed-in client, an admin, a token', async () => {
    const stack = await started({});
    expect(stack.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.services.via).toBe('none');
    const admin = await stack.admin();
    expect(await admin.trpc.accounts.me.query()).toMatchObject({ username: admin.person.username });
    expect(await admin.trpc.moderation.access.query()).toEqual({ admin: true });
    expect(await stack.admin()).toBe(admin);
    const { token, client } = await admin.token(['read']);
    expect(token).toMatch(/^lst_/);
    expect((await client.accounts.me.query())?.username).toBe(admin.person.username);
  });

  for (const { name, database, storage } of [
    { name: 'sqlite + embedded + s3 (s3rver)', database: 'sqlite', storage: 's3' },
    { name: 'postgres (a Debian cluster) + embedded + disk', database: 'postgres', storage: 'disk' },
    { name: 'postgres (a Debian cluster) + embedded + s3 (s3rver)', database: 'postgres', storage: 's3' },
  ] as const) {
    it(name, async () => {
      const stack = await started({ database, storage, services: 'local' });
      expect(stack.services.via).toBe('local');
      expect(stack.config.databaseUrl === undefined).toBe(database === 'sqlite');
      expect(stack.deps.blobs.name).toBe(storage === 's3' ? 's3' : 'fs');
      const person = await stack.newPerson();
      const res = await person.fetch('/api/users/profile');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(person.person.username);
      if (database === 'postgres' && storage === 's3') expect(JSON.stringify(await exercise(stack))).toMatch(/zebra/);
    });
  }

  it('meilisearch: no local stand-in, said in so many words', async () => {
    await expect(startStack({ search: 'meilisearch', services: 'local' })).rejects.toThrow(StackUnavailable);
  });
});

if (noDocker) {
  describe.skip(skippedBecause('startStack with containers (PostgreSQL, Meilisearch, MinIO)', noDocker), () => {
    it('runs on a machine with a Docker engine', () => undefined);
  });
} else {
  describe('startStack with containers (testcontainers)', () => {
    it('postgres + meilisearch + s3 (MinIO): a story published is found', async () => {
      const stack = await started({ database: 'postgres', search: 'meilisearch', storage: 's3', services: 'containers' });
      expect(stack.services.via).toBe('containers');
      await expect.poll(() => exercise(stack).then((hits) => JSON.stringify(hits)), { timeout: 30_000 }).toMatch(/zebra/);
    }, 300_000);
  });
}
