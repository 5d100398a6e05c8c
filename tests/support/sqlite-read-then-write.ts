// A child process for sqlite-transactions.test.ts: opens the SQLite file as the server does (openDatabase) and runs
// `rounds` read-then-write transactions through writeTransaction, each reading a counter, yielding, and writing it
// plus one; it says "ready" on stdout and starts once the file `<file>.go` exists, so that both processes overlap.
// Prints "done <failures>" at the end.
import fs from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/open-database';
import { writeTransaction } from '../../server/src/db/transaction';

const [file, rounds] = [process.argv[2]!, Number(process.argv[3])];
const opened = await openDatabase(file);
let failures = 0;
console.log('ready');
while (!fs.existsSync(`${file}.go`)) await new Promise((resolve) => setTimeout(resolve, 5));
for (let i = 0; i < rounds; i++) {
  try {
    await writeTransaction({ db: opened.db, onEventsCommitted: () => undefined }, async (trx) => {
      const { rows } = await sql<{ n: number }>`SELECT n FROM read_then_write WHERE id = 1`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await sql`UPDATE read_then_write SET n = ${rows[0]!.n + 1} WHERE id = 1`.execute(trx);
    });
  } catch (err) {
    failures += 1;
    if (failures === 1) console.error((err as Error).message);
  }
}
await opened.close();
console.log(`done ${failures}`);
