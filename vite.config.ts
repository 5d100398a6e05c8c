import { defineConfig } from 'vite';
import path from 'node:path';
import { precompress } from './scripts/precompress.mjs';
import { writeWebFonts } from './scripts/web-fonts.mjs';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // No source maps in the build: served, they publish the whole client source (1.8 MB). `npx vite build --sourcemap`
    // makes them for local debugging; the server refuses to serve .map files either way (client-assets.ts).
    sourcemap: false,
    // Vite's polyfill for <link rel="modulepreload"> is for browsers from before 2023 (Safari 17, Firefox 115),
    // which then load the app without preloading; the reader's script stays under its budget without it.
    modulePreload: { polyfill: false },
    rollupOptions: {
      onwarn(warning, warn) {
        // React libraries mark modules "use client" for server components; a client-only bundle ignores it.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // With --sourcemap, rollup cannot map the location of those dropped directives back through the
        // libraries' own source maps and prints "Error when using sourcemap" for each: noise, not a failure.
        if (warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  esbuild: { jsx: 'automatic' },
  plugins: [
    {
      // The web fonts' subsets (client/src/styles/fonts.css imports them), cut again only when their sources changed.
      name: 'web-font-subsets',
      buildStart: async () => {
        await writeWebFonts();
      },
    },
    {
      // Brotli and gzip copies of the client's scripts and styles, beside them (not for the server's build).
      name: 'precompress',
      apply: (_config, env) => !env.isSsrBuild,
      writeBundle: (options) => {
        if (!options.dir) return;
        precompress(path.join(options.dir, 'assets'));
        precompress(options.dir);
      },
    },
    {
      // The reader's page comes rendered from the server and readable before any script runs; its script (only
      // hydration) is asked for at low priority so the stylesheet and fonts go first on a slow link (docs/decisions/
      // 0017-server-rendering.md). Vite writes the entry's tag itself and drops attributes given in index.html.
      name: 'entry-script-low-priority',
      transformIndexHtml: {
        order: 'post',
        handler: (html) =>
          html.replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src='),
      },
    },
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/trpc': 'http://localhost:3000',
      '/public/uploads': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/legal': 'http://localhost:3000',
      // Routes outside /api and /trpc the client calls or links to: photo and document uploads, Download my data and
      // Import my data, the story's book, Word and print pages and the print page's assets (server/src/app.ts).
      '/uploads': 'http://localhost:3000',
      '/account': 'http://localhost:3000',
      '/book-assets': 'http://localhost:3000',
      '^/story/[^/]+/(book\\.epub|book\\.docx|print)(\\?.*)?$': 'http://localhost:3000',
    },
  },
});
