// The environment the server process starts with, wherever it is started: `npm start`, the benchmark, and
// infra/Dockerfile (which sets the same in ENV; tests/infra/dockerfile.test.ts checks they agree). Measured on
// the 100k dataset in docs/performance.md.
//
// MALLOC_MMAP_THRESHOLD_: every sign-in hashes with argon2id, which allocates 19 MiB on a libuv worker
// thread. glibc raises its mmap threshold after the first such block is freed, so later blocks come from
// the threads' arenas and are kept: +80 MB of resident memory that never returns. Setting the threshold
// turns that adjustment off; blocks over 128 KiB are mapped and unmapped again.
//
// --max-semi-space-size=4 (MB; node 20's default grows to 16): V8's young generation is where each request's
// garbage lives. At full size it added ~35 MB to the resident peak under search as you type, for no
// measurable gain in its latency.
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates at once an arena of its own (up to 8 per core), and
// sharp's libvips threads decoding and encoding photos leave their arenas holding freed image memory. Two arenas
// took the peak during four 12 MP uploads from 680-736 MB to 646 MB, and to 428-450 MB with sharp's cache off
// (docs/performance.md, "Photos", memory), uploads no slower within the noise; sharp's documentation advises it.
//
// NODE_ENV=production: React renders the reader's pages on the server (docs/decisions/0017-server-rendering.md),
// and outside production it loads its development build, several times slower and full of checks.
export const SERVER_PROCESS_ENV = Object.freeze({
  NODE_ENV: 'production',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_ARENA_MAX: '2',
  NODE_OPTIONS: '--max-semi-space-size=4',
});

/** `base` with SERVER_PROCESS_ENV added: a variable already set wins, and NODE_OPTIONS are appended to (so yours come last and win). */
export function serverProcessEnv(base = process.env) {
  const env = { ...SERVER_PROCESS_ENV, ...base };
  if (base.NODE_OPTIONS) env.NODE_OPTIONS = `${SERVER_PROCESS_ENV.NODE_OPTIONS} ${base.NODE_OPTIONS}`;
  return env;
}
