// The environment the server process starts with, wherever it is started: `npm start`, the benchmark, and
// infra/Dockerfile (which sets the same in ENV; tests/infra/compose.test.ts checks they agree). A value
// already in the environment wins.
//
// MALLOC_MMAP_THRESHOLD_: every sign-in hashes with argon2id, which allocates 19 MiB on a libuv worker
// thread. glibc raises its mmap threshold after the first such block is freed, so later blocks come from
// the threads' arenas and are kept: +80 MB of resident memory that never returns (docs/performance.md).
// Setting the threshold turns that adjustment off; blocks over 128 KiB are mapped and unmapped again.
export const SERVER_PROCESS_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });
