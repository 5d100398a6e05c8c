// A child process for sqlite-transactions.test.ts: opens (and so migrates) DATA_DIR's SQLite file as deps.ts does,
// under the startup lock file (ADR 0037), once the file `<dir>/go` exists. Prints "ok" or "FAILED <message>".
import fs from 'node:fs';
import path from 'node:path';
import { FileLock, lockFile } from '../../server/src/db/file-lock';
import { openDatabase } from '../../server/src/db/open-database';

const dir = process.argv[2]!;
console.log('ready');
while (!fs.existsSync(path.join(dir, 'go'))) await new Promise((resolve) => setTimeout(resolve, 2));
try {
  const lock = new FileLock(lockFile(dir, 'startup'));
  const opened = await openDatabase(path.join(dir, 'life-story.sqlite'), { alone: (fn) => lock.runAlone(fn, true) });
  await lock.close();
  await opened.close();
  console.log('ok');
} catch (err) {
  console.log(`FAILED ${(err as Error).message}`);
}
