import { defineConfig } from 'vite';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React libraries mark modules "use client" for server components; a client-only bundle ignores it.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  esbuild: { jsx: 'automatic' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/trpc': 'http://localhost:3000', '/public/uploads': 'http://localhost:3000', '/media': 'http://localhost:3000', '/legal': 'http://localhost:3000' },
  },
});
