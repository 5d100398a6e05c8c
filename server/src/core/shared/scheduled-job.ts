// A job on a timer of its own (the followers' digests, the weekly questions): one run at a time in this process, and,
// with PostgreSQL, one instance at a time (`runAlone`, an advisory lock of the job's own; ADR 0021). A failed run is
// logged and the next tick tries again; the job itself keeps its promises (one email a day, a week) however often
// it runs.

export interface ScheduledJob {
  /** One run now (what the timer does): false when a run of this process was still going, or another instance's. */
  run(): Promise<boolean>;
  stop(): void;
}

export function scheduleJob(
  runAlone: (fn: () => Promise<void>) => Promise<boolean>,
  job: () => Promise<unknown>,
  failed: (err: Error) => void,
  everyMs: number,
): ScheduledJob {
  let running = false;
  const run = async () => {
    if (running) return false;
    running = true;
    try {
      return await runAlone(async () => {
        await job();
      });
    } catch (err) {
      failed(err as Error);
      return false;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
