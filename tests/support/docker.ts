// Whether a Docker engine answers, asked once per test file: the testcontainers suites run only then.
import { getContainerRuntimeClient } from 'testcontainers';

let probe: Promise<string | null> | undefined;

/** null when a Docker engine is reachable, else the reason it is not. */
export function whyNoDocker(): Promise<string | null> {
  probe ??= getContainerRuntimeClient().then(
    () => null,
    (err: unknown) => (err instanceof Error && err.message) || String(err),
  );
  return probe;
}

/** The describe title of a suite that cannot run here, and the one line printed about it. */
export function skippedBecause(suite: string, reason: string): string {
  const line = `${suite} (skipped: no Docker engine reachable: ${reason})`;
  console.log(line);
  return line;
}
