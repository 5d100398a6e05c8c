// SIGHUP's roll (docs/decisions/0036-several-processes.md): each worker in turn is replaced by a new one, which
// runs the build in dist/ as it is now. The new one serves before the old one is told to drain, so the port always
// has a worker that takes connections: none is refused, and no request is cut.

export interface RollSteps<W> {
  /** The workers to replace, as the roll begins. */
  workers: W[];
  /** Has it ended on its own meanwhile? (Then the supervisor has started another for it already.) */
  ended(worker: W): boolean;
  /** Starts a new worker; resolves once it serves, rejects if it ends first. */
  startOne(): Promise<unknown>;
  /** SIGTERM: the worker drains; resolves once it has exited. */
  drain(worker: W): Promise<unknown>;
  /** A stop (SIGTERM) came meanwhile: the roll ends where it is. */
  stopping(): boolean;
}

/** Replaces the workers one at a time; rejects (the rest keep serving) when a new one does not start. */
export async function rollWorkers<W>(steps: RollSteps<W>): Promise<void> {
  for (const old of steps.workers) {
    if (steps.stopping()) return;
    if (steps.ended(old)) continue;
    await steps.startOne();
    if (steps.stopping()) return;
    await steps.drain(old);
  }
}
