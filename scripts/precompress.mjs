// Brotli and gzip copies of the built scripts and styles (and the icon and manifest every page links to), written beside them by the client build (a Vite plugin in
// vite.config.ts) and served instead when the browser takes them (server/src/transport/http/precompressed-files.ts):
// the bytes are what a slow phone link waits for (docs/performance.md, Server rendering; docs/decisions/
// 0038-lighter-reader-pages.md). Both at their best level: made once per build, never per request. Fonts (woff2)
// are compressed already.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function precompress(dir) {
  for (const name of fs.readdirSync(dir)) {
    if (!/\.(js|css|svg|json|webmanifest)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}
