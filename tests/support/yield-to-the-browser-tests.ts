// A vitest setup file of the projects whose files run in the forks beside the browser files (unit, server, server-pg,
// client): their process asks the system for less of the CPU than the browser tests get. On a two-core machine the
// forks alone keep both cores busy; the browser files, whose every step waits on Chromium within 10 s, then took
// twice their time and sometimes timed out. The forks' files have no such waits, and take what the browser leaves.
// A child process (a server a test starts) inherits the priority. docs/performance.md, "Test run times".
import os from 'node:os';

const NICE = 5;

try {
  if (os.getPriority() < NICE) os.setPriority(NICE);
} catch {
  // A system that refuses (no permission) runs the files at their usual priority.
}
