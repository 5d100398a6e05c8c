// Work one instance at a time does, across instances on one PostgreSQL database (docs/decisions/0021-postgresql.md,
// db/instance-lock.ts). The projector: while another instance's projector holds the lock, this one folds nothing;
// when that instance dies, this one takes over within a tick or two and catches up. The hourly purge: skipped
// while another instance runs it. On SQLite there is one instance: nothing to share.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_SPACE, LOCKS } from '../../server/src/db/dialect';
import { makeTestApp, postgresBaseUrl, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

describe.runIf(postgresBaseUrl)('the projector lock', () => {
  let t: TestApp;
  let otherInstance: pg.Client;

  beforeAll(async () => {
    t = await makeTestApp();
    otherInstance = new pg.Client({ connectionString: t.config.databaseUrl });
    await otherInstance.connect();
  });
  afterAll(async () => {
    await otherInstance.end().catch(() => undefined);
    await t.close();
  });

  const lastSeq = async () =>
    (
      await t.deps.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst()
    )?.seq;

  it('folds nothing while another instance holds it, and takes over within seconds when that instance dies', async () => {
    await otherInstance.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_SPACE, LOCKS.projector]);
    t.deps.projector.start(100);
    const me = await signedInPerson(t);
    expect((await me.client.post('/api/stories/save', { title: 'Waiting', text: storyHtml(1, 5) })).status).toBe(201);
    const written = await lastSeq();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await t.deps.projector.checkpoint()).toBe(0); // six ticks, each saw the lock taken

    // The holder dies (its backend is terminated, as when its process is killed): the lock goes with it.
    const { rows } = await otherInstance.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    otherInstance.on('error', () => undefined);
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    const deadline = Date.now() + 5000;
    while ((await t.deps.projector.checkpoint()) !== written && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await t.deps.projector.checkpoint()).toBe(written);
    const folded = await t.deps.db.selectFrom('proj_stories').select('title').where('user_id', '=', me.id).executeTakeFirst();
    expect(folded?.title).toBe('Waiting');
  });

  it('the hourly purge is skipped while another instance runs it, and runs here once it is done', async () => {
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_SPACE, LOCKS.housekeeping]);
    let runs = 0;
    await t.deps.housekeeping(async () => {
      runs++;
    });
    expect(runs).toBe(0);
    await holder.end();
    await t.deps.housekeeping(async () => {
      runs++;
    });
    expect(runs).toBe(1);
  });

  it('drain waits for its turn instead of returning before it has folded anything', async () => {
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_SPACE, LOCKS.projector]);
    const me = await signedInPerson(t);
    await me.client.post('/api/stories/save', { title: 'Drained', text: storyHtml(1, 5) });
    let drained = false;
    const drain = t.deps.projector.drain().then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(drained).toBe(false);
    await holder.end(); // released
    await drain;
    expect(await t.deps.projector.checkpoint()).toBe(await lastSeq());
  });
});
