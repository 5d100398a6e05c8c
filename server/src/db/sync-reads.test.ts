// Hot reads run at once on the idle connection, give exactly Kysely's rows, and never see another request's
// uncommitted writes: while a transaction is open they wait for the connection through Kysely.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileOnce } from './compiled-query';
import { openDatabase, type OpenedDatabase } from './open-database';
import { readNow } from './sync-reads';

const opened: OpenedDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function database(): Promise<OpenedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-reads-'));
  dirs.push(dir);
  const o = await openDatabase(path.join(dir, 'db.sqlite'));
  opened.push(o);
  o.raw
    .prepare(
      "INSERT INTO users (id, username, email, password_hash, dob, created_at, updated_at) VALUES (1, 'ann', 'ann@example.com', 'x', '1990-01-01', 0, 0)",
    )
    .run();
  return o;
}

const userByName = compileOnce((db, username: string) =>
  db.selectFrom('users').select(['id', 'username', 'first_name']).where('username', '=', username),
);

describe('readNow', () => {
  it('answers a SELECT on the idle connection with the rows Kysely gives', async () => {
    const { db } = await database();
    const query = db.selectFrom('users').select(['id', 'username']).where('username', '=', 'ANN').compile();
    expect(readNow(db, query)).toEqual([{ id: 1, username: 'ann' }]);
    expect(readNow(db, query)).toEqual((await db.executeQuery(query)).rows);
  });

  it('declines what it cannot run at once: an unregistered instance, a transaction, a write', async () => {
    const { db } = await database();
    const select = db.selectFrom('users').selectAll().compile();
    await db.transaction().execute(async (trx) => {
      expect(readNow(trx, select)).toBeUndefined();
      expect(readNow(db, select)).toBeUndefined(); // the connection is inside that transaction
    });
    expect(readNow(db, db.updateTable('users').set({ first_name: 'Ann' }).compile())).toBeUndefined();
    expect((await db.selectFrom('users').select('first_name').executeTakeFirstOrThrow()).first_name).toBeNull();
  });

  it('keeps another request’s uncommitted writes invisible to a hot read', async () => {
    const { db } = await database();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const writer = db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ first_name: 'Uncommitted' }).where('id', '=', 1).execute();
        inside();
        await held;
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);

    await started;
    // The read is issued while the transaction is open: it must wait for it, and see the rolled-back state.
    const reading = userByName(db, 'ann');
    release();
    expect(await writer).toBe('rolled back');
    expect(await reading).toEqual([{ id: 1, username: 'ann', first_name: null }]);
    // And once the connection is idle again, the same read runs at once.
    expect(readNow(db, db.selectFrom('users').select('first_name').compile())).toEqual([{ first_name: null }]);
  });
});
