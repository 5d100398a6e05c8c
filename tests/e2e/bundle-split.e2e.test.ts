// Readers never download the editor: the built client's entry script and everything it imports statically
// hold no Milkdown/ProseMirror code, which sits in the lazily loaded write-story chunk(s) instead.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { readerScripts, resolveFrom } from '../../bench/lib/client-bundle';

const clientDir = inject('clientDir');
// Strings that survive minification in the editor's code: ProseMirror's class names and plugin keys,
// Milkdown's root class and plugin keys ('MILKDOWN_CLIPBOARD', ...).
const EDITOR_MARKERS = [/ProseMirror-/, /milkdown/i];

const read = (file: string) => fs.readFileSync(path.join(clientDir, file), 'utf8');
const gzipKb = (files: string[]) =>
  (files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(clientDir, f))).length, 0) / 1024).toFixed(1);
const hasEditorCode = (code: string) => EDITOR_MARKERS.some((m) => m.test(code));

const allScripts = () =>
  fs
    .readdirSync(path.join(clientDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
const readerStyles = () =>
  [...read('index.html').matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => resolveFrom('index.html', m[1]!));

describe('the reader bundle', () => {
  it('holds no editor code; the editor is a chunk loaded on demand', () => {
    const reader = [...readerScripts(clientDir)];
    for (const file of reader) expect(hasEditorCode(read(file)), `${file} must not contain editor code`).toBe(false);

    const editorChunks = allScripts().filter((f) => !reader.includes(f) && hasEditorCode(read(f)));
    // The markers are real: the lazy chunk carries them (so the check above cannot pass vacuously).
    expect(editorChunks.length).toBeGreaterThan(0);
    const editorCode = editorChunks.map(read).join('\n');
    for (const marker of EDITOR_MARKERS) expect(editorCode).toMatch(marker);

    // The entry only names the editor chunk as a dynamic import (a string for the preload helper), never statically.
    const entryCode = reader.map(read).join('\n');
    for (const chunk of editorChunks) expect(entryCode).toContain(path.posix.basename(chunk));

    const lazyOthers = allScripts().filter((f) => !reader.includes(f) && !editorChunks.includes(f));
    // Under vitest NODE_ENV is 'test', and Vite then bundles React's development build: sizes are larger than in production.
    const devReact = /Download the React DevTools/.test(entryCode);
    console.log(
      [
        devReact
          ? `(React development build: NODE_ENV was '${process.env.NODE_ENV}' when the client was built; production is smaller)`
          : '(production build)',
        `reader JS (entry + static imports, ${reader.length} files): ${gzipKb(reader)} KB gzip`,
        `reader CSS: ${gzipKb(readerStyles())} KB gzip`,
        `editor chunk(s) (${editorChunks.map((f) => path.posix.basename(f)).join(', ')}): ${gzipKb(editorChunks)} KB gzip`,
        lazyOthers.length
          ? `other lazy chunks: ${lazyOthers.map((f) => `${path.posix.basename(f)} ${gzipKb([f])} KB`).join(', ')}`
          : 'no other lazy chunks',
      ].join('\n'),
    );
  });

  it('leaves to their own chunks what a reader needs only once they use it, and the screens readers never see (issue #32)', () => {
    const reader = [...readerScripts(clientDir)];
    const readerCode = reader.map(read).join('\n');
    const lazyCode = allScripts()
      .filter((f) => !reader.includes(f))
      .map(read)
      .join('\n');
    // Strings that survive minification, one or two per part (docs/decisions/0038-lighter-reader-pages.md).
    const parts: [string, RegExp[]][] = [
      ['comments', [/No comments yet/]],
      ['the photo lightbox', [/className:"lightbox"/]],
      ['sending a like or a bookmark', [/\.like\.mutate\(/, /\.bookmark\.mutate\(/]],
      ['moderation', [/Report or block/, /Moderation log/]],
      ['the author’s buttons', [/Download as a book/]],
      ['the account screens (sign-in too)', [/Forgot your password/]],
      ['versions', [/All versions/]],
      ['the drafts kept on the device', [/indexedDB/]],
      ['the home page and the lists', [/Top Stories/]],
    ];
    for (const [part, markers] of parts)
      for (const marker of markers) {
        expect(readerCode, `${part} (${marker}) must not be in the reader's first script`).not.toMatch(marker);
        // The markers are real: a lazy chunk carries each.
        expect(lazyCode, `${part} (${marker}) in a lazy chunk`).toMatch(marker);
      }
  });

  it('holds no zod: the client shares only import-free contract files (limits, report reasons, messages) at runtime', () => {
    const entryCode = [...readerScripts(clientDir)].map(read).join('\n');
    // Strings zod's code keeps through minification (both were in the entry when the report dialog and the login
    // screen imported zod-built contract files).
    const ZOD_MARKERS = [/ZodError/, /invalid_type/];
    for (const marker of ZOD_MARKERS) expect(entryCode, 'the reader bundle must not contain zod').not.toMatch(marker);
  });

  it('ships no source maps, nor links to any (they would publish the whole client source)', () => {
    const files = fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((f) => /\.(js|css)$/.test(f))) expect(read(file), file).not.toMatch(/sourceMappingURL/);
  });

  it('styles a server-rendered page from its head: the app loaded after the first paint brings no stylesheet', () => {
    // main.tsx imports the styles of every screen the app imports statically; a screen's stylesheet left to the
    // app's chunk would reach a server-rendered page only once the app loads, after the page showed unstyled.
    const entries = [...read('index.html').matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) =>
      resolveFrom('index.html', m[1]!),
    );
    const app = [...readerScripts(clientDir)].filter((f) => !entries.includes(f));
    expect(app.length, 'the entry loads the app as a chunk of its own').toBeGreaterThan(0);
    // Vite names a chunk's stylesheet after the chunk, with a hash of its own: '<name>-<8 characters>.css'.
    const chunkName = (file: string) => path.posix.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');
    const appStyles = fs
      .readdirSync(path.join(clientDir, 'assets'))
      .filter((f) => f.endsWith('.css') && app.some((js) => chunkName(js) === chunkName(f)));
    expect(appStyles).toEqual([]);
    // The web fonts are added by the entry after the first paint (lib/web-fonts.ts), never from the page's head.
    expect(readerStyles().map(read).join('\n')).not.toMatch(/woff2/);
  });

  it('keeps the editor styles out of the stylesheet every page loads', () => {
    const css = readerStyles().map(read).join('\n');
    expect(css).not.toMatch(/\.ProseMirror|\.story-editor|\.editor-toolbar/);
  });
});

describe('the bytes on the wire (docs/decisions/0038-lighter-reader-pages.md)', () => {
  const assets = () => fs.readdirSync(path.join(clientDir, 'assets'));

  it('has a brotli and a gzip copy beside every script and stylesheet, each the same bytes and smaller', () => {
    const files = assets().filter((f) => /\.(js|css)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const plain = fs.readFileSync(path.join(clientDir, 'assets', file));
      const br = fs.readFileSync(path.join(clientDir, 'assets', `${file}.br`));
      const gz = fs.readFileSync(path.join(clientDir, 'assets', `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(plain), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(plain), file).toBe(true);
      if (plain.length > 1024) expect(br.length, file).toBeLessThanOrEqual(gz.length);
    }
  });

  it('emits the web fonts as subsets, WOFF2, each script of each family its own file behind a unicode-range', () => {
    const fonts = assets().filter((f) => f.endsWith('.woff2'));
    // Inter and Literata, each: latin, latin-ext-a (Europe's letters), latin-ext (the rest), cyrillic, cyrillic-ext,
    // greek, greek-ext, vietnamese.
    expect(fonts).toHaveLength(16);
    for (const font of fonts)
      expect(
        fs
          .readFileSync(path.join(clientDir, 'assets', font))
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('wOF2');
    // The faces' list is in the entry (lib/web-fonts.ts adds them after the first paint): no stylesheet round trip.
    const entry = [...read('index.html').matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map((m) =>
      read(`assets/${m[1]}`),
    );
    expect(entry).toHaveLength(1);
    const faces = [
      ...entry[0]!.matchAll(/\{family:"([^"]+)",url:new URL\("\/assets\/([^"]+\.woff2)"[^}]*weight:"([^"]+)",unicodeRange:"([^"]+)"\}/g),
    ].map(([, family, file, weight, range]) => ({ family: family!, file: file!, weight: weight!, range: range! }));
    expect(faces.map((f) => f.file).sort()).toEqual([...fonts].sort());
    for (const face of faces) {
      expect(face.range).toMatch(/^U\+/);
      expect(face.weight).toBe('400 700');
    }
    // The two files a page in English loads: the latin subsets, cut to the weights and features the site uses.
    const latin = faces.filter((f) => f.range.startsWith('U+0000-00FF'));
    expect(latin.map((f) => f.family).sort()).toEqual(['Inter Variable', 'Literata Variable']);
    for (const { file } of latin) {
      const bytes = fs.statSync(path.join(clientDir, 'assets', file)).size;
      console.log(`${file}: ${(bytes / 1024).toFixed(1)} KB`);
      expect(bytes, file).toBeLessThan(36 * 1024);
    }
    // A name with "ł" or "ș" loads a file of Europe's letters, a fraction of the rest of latin-ext.
    for (const family of ['Inter Variable', 'Literata Variable']) {
      const europe = faces.find((f) => f.family === family && f.range === 'U+0100-017F,U+0218-021B')!;
      const rest = faces.find((f) => f.family === family && f.range.startsWith('U+0180-0217'))!;
      const size = (file: string) => fs.statSync(path.join(clientDir, 'assets', file)).size;
      expect(size(europe.file)).toBeLessThan(16 * 1024);
      expect(size(europe.file)).toBeLessThan(size(rest.file));
    }
  });
});

describe('the source', () => {
  it('imports the editor and Milkdown only from the write screen, and that screen only lazily', () => {
    const src = path.resolve('client/src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(tsx?|css)$/.test(entry.name)) {
          const rel = path.relative(src, full).split(path.sep).join('/');
          // The write screen lives in features/drafts/ (its editor in editor/ there); pages/write-story.tsx only re-exports it.
          if (rel.startsWith('features/drafts/editor/') || rel === 'features/drafts/write-screen.tsx' || rel === 'pages/write-story.tsx')
            continue;
          const code = fs.readFileSync(full, 'utf8');
          if (/from\s+['"][^'"]*(@milkdown\/|\/editor\/)|import\s+['"][^'"]*(@milkdown\/|\/editor\/)/.test(code)) offenders.push(rel);
          if (/from\s+['"][^'"]*(pages\/write-story|drafts\/write-screen)['"]/.test(code))
            offenders.push(`${rel} (static import of the write screen)`);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
    expect(fs.readFileSync(path.join(src, 'app.tsx'), 'utf8')).toMatch(/lazy\(\(\) => import\(['"]\.\/pages\/write-story['"]\)\)/);
  });
});
