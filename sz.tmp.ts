import fs from 'node:fs'; import zlib from 'node:zlib'; import path from 'node:path';
import { bundleSizes, readerScripts } from './bench/lib/client-bundle';
for (const dir of process.argv.slice(2)) {
  const s = bundleSizes(dir);
  console.log('==', dir, (s.readerGzipBytes/1024).toFixed(1), 'KB', s.readerFiles.length, 'files');
  for (const f of [...readerScripts(dir)].sort()) console.log(f, (zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length/1024).toFixed(1));
}
