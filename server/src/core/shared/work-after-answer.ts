// Work a request starts and leaves running after its answer (emails sent after the answer, so that their timing
// tells nothing). A shutdown waits for it (settleWorkAfterAnswers), so a drain does not drop a queued email.

const pending = new Set<Promise<void>>();

/** Runs `work` after the current answer has gone; a failure goes to `onError`, never to the caller. */
export function afterAnswer(work: () => Promise<void>, onError: (err: unknown) => void): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch(onError)
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once no work started by afterAnswer is running, including work started meanwhile. */
export async function settleWorkAfterAnswers(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
