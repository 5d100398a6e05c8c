// Gzipped JavaScript of the built client: what a reader downloads (index.html's entry script, its module
// preloads, the app the entry imports once the page has painted (client/src/main.tsx), and every static import
// from them) and the editor chunk the write screen loads on demand
// (write-story-*.js with the static imports a reader does not already have). tests/e2e/bundle-split.e2e.test.ts
// checks the same walk of the reader's scripts (`readerScripts`) for editor code.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleSizes {
  readerFiles: string[];
  readerGzipBytes: number;
  editorFiles: string[];
  editorGzipBytes: number;
  /** True when the build carries React's development build (it was built with NODE_ENV other than production). */
  developmentReact: boolean;
}

/** '/assets/x.js' in index.html, './y.js' inside assets/x.js: paths relative to the client folder. */
export const resolveFrom = (fromFile: string, spec: string) =>
  spec.startsWith('/') ? spec.slice(1) : path.posix.join(path.posix.dirname(fromFile), spec);

/** Static imports of a minified chunk: `import"./a.js"`, `import{x}from"./b.js"`, `export*from"./c.js"` (never `import("./d.js")`). */
function staticImports(clientDir: string, file: string): string[] {
  const code = fs.readFileSync(path.join(clientDir, file), 'utf8');
  return [...code.matchAll(/\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g)].map((m) =>
    resolveFrom(file, (m[1] ?? m[2])!),
  );
}

function closure(clientDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(clientDir, file));
  }
  return seen;
}

const gzipBytes = (clientDir: string, files: Iterable<string>) =>
  [...files].reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(clientDir, f))).length, 0);

/** The entry script and module preloads of index.html (throws when there are none). */
function entryScripts(clientDir: string): string[] {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => resolveFrom('index.html', m[1]!));
  if (entries.length === 0) throw new Error(`No module script in ${clientDir}/index.html.`);
  return entries;
}

/** Dynamic imports of a minified chunk: `import("./d.js")`. */
function dynamicImports(clientDir: string, file: string): string[] {
  const code = fs.readFileSync(path.join(clientDir, file), 'utf8');
  return [...code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => resolveFrom(file, m[1]!));
}

/**
 * What a reader downloads: the entry scripts, the app they import on the first touch (the entry's own dynamic
 * imports: main.tsx imports nothing else lazily), and every static import from them, recursively.
 */
export function readerScripts(clientDir: string): Set<string> {
  const entries = entryScripts(clientDir);
  return closure(clientDir, [...entries, ...entries.flatMap((file) => dynamicImports(clientDir, file))]);
}

export function bundleSizes(clientDir: string): BundleSizes {
  const reader = readerScripts(clientDir);
  const editorRoots = fs
    .readdirSync(path.join(clientDir, 'assets'))
    .filter((f) => /^write-story-.*\.js$/.test(f))
    .map((f) => `assets/${f}`);
  if (editorRoots.length === 0) throw new Error(`No write-story-*.js chunk in ${clientDir}/assets.`);
  const editor = [...closure(clientDir, editorRoots)].filter((f) => !reader.has(f));
  const readerCode = [...reader].map((f) => fs.readFileSync(path.join(clientDir, f), 'utf8')).join('\n');
  return {
    readerFiles: [...reader],
    readerGzipBytes: gzipBytes(clientDir, reader),
    editorFiles: editor,
    editorGzipBytes: gzipBytes(clientDir, editor),
    developmentReact: /Download the React DevTools/.test(readerCode),
  };
}
