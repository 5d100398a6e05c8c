// When the write screen saves its draft (issue #11): 1.5 s after typing stops, and at least every 10 s while
// typing goes on, so no keystroke older than a few seconds is only in the page. One save runs at a time: a
// change during a save schedules the next one, it never starts a second request alongside.

export interface AutosaveTimerOptions {
  /** Called to save; the timer waits for it before the next save. */
  save: () => Promise<void>;
  /** Quiet time after the last change before saving (ms). */
  idleMs?: number;
  /** Longest time a change waits while typing goes on (ms). */
  maxWaitMs?: number;
}

export interface AutosaveTimer {
  /** Something changed: a save is due after the quiet time, or at the latest after maxWaitMs. */
  changed(): void;
  /** Save now if anything is waiting (or a save is running: then once more after it). */
  flush(): Promise<void>;
  /** True while a change has not been handed to save() yet. */
  pending(): boolean;
  /** Stops the timers (the screen closes). */
  stop(): void;
  /** Runs again after stop() (React's StrictMode mounts, unmounts and mounts again in development). */
  start(): void;
}

export function autosaveTimer({ save, idleMs = 1500, maxWaitMs = 10_000 }: AutosaveTimerOptions): AutosaveTimer {
  let idle: ReturnType<typeof setTimeout> | undefined;
  let longest: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let running: Promise<void> | null = null;
  let stopped = false;

  const clear = () => {
    clearTimeout(idle);
    clearTimeout(longest);
    idle = undefined;
    longest = undefined;
  };

  const run = async (): Promise<void> => {
    if (running) {
      await running;
      // A change arrived while saving: save again (another caller may already have).
      if (waiting) return run();
      return;
    }
    if (!waiting || stopped) return;
    clear();
    waiting = false;
    running = save().catch(() => undefined);
    try {
      await running;
    } finally {
      running = null;
    }
    // Changes made during the save wait out their own quiet time (their timers are running).
  };

  const fire = () => {
    void run();
  };

  return {
    changed() {
      if (stopped) return;
      waiting = true;
      clearTimeout(idle);
      idle = setTimeout(fire, idleMs);
      longest ??= setTimeout(fire, maxWaitMs);
    },
    flush: () => run(),
    pending: () => waiting,
    stop() {
      stopped = true;
      clear();
    },
    start() {
      stopped = false;
    },
  };
}
