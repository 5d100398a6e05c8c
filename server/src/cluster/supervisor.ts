// The supervisor (docs/decisions/0036-several-processes.md): WORKERS server processes on one port, with node's
// cluster. It forks the workers (each runs serve.ts), says the listening line once for them all, starts another for
// a worker that dies (later and later while they fail at start), drains them all on SIGTERM or SIGINT, and replaces
// them one at a time on SIGHUP. It imports none of the server's code, to stay small (main.ts).
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { FAILED_AT_START_MS, GIVE_UP_AFTER, restartDelayMs } from './restart-backoff';
import { rollWorkers } from './roll-workers';
import { isMessage, isServingMessage, LISTENER_GONE, type ServingMessage, STOPPED_LISTENING, workerEnv } from './worker-role';

interface Ending {
  code: number | null;
  signal: string | null;
}

interface Running {
  worker: Worker;
  startedAt: number;
  /** When it began serving (0: not yet). */
  servingSince: number;
  /** Sent SIGTERM by the supervisor (a stop, or its turn in a roll): its end is expected. */
  leaving: boolean;
  /** The start's first worker, or a roll's new one, not serving yet: if it ends, whoever started it says so
   *  (the start exits, the roll stops), and nothing is restarted. */
  onTrial: boolean;
  /** Resolves once it serves; rejects with its ending if it ends first. */
  serves: Promise<void>;
  ended: Promise<Ending>;
}

const describe = (e: Ending) => (e.signal ? `signal ${e.signal}` : `exit code ${e.code}`);

export async function supervise(config: Config): Promise<void> {
  const say = (line: string) => config.logLevel === 'info' && console.log(line);
  const warn = (line: string) => config.logLevel !== 'silent' && console.error(line);
  // Round-robin (node's default but on Windows): the supervisor accepts each connection and hands it to the next
  // worker, which spreads them evenly; left to the kernel, most would go to one or two busy workers.
  cluster.schedulingPolicy = cluster.SCHED_RR;

  const workers = new Set<Running>();
  const restarts = new Set<NodeJS.Timeout>();
  let listening: ServingMessage | undefined;
  let stopping = false;
  let rolling = false;
  let started = false;
  let failuresInARow = 0;

  const fork = (options: { announces?: boolean; onTrial?: boolean } = {}): Running => {
    const worker = cluster.fork(workerEnv(options.announces ?? false));
    const running = { worker, startedAt: Date.now(), servingSince: 0, leaving: false, onTrial: options.onTrial ?? false } as Running;
    running.ended = new Promise((resolve) => worker.once('exit', (code, signal) => resolve({ code, signal })));
    worker.on('message', (message: unknown) => {
      if (isMessage(message, STOPPED_LISTENING)) stoppedListening(running);
    });
    running.serves = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isServingMessage(message)) return;
        running.servingSince = Date.now();
        running.onTrial = false;
        listening ??= message;
        resolve();
      });
      void running.ended.then(reject);
    });
    running.serves.then(
      // Serving a while is a start that succeeded: the next death is restarted at once.
      () =>
        setTimeout(() => {
          if (workers.has(running)) failuresInARow = 0;
        }, FAILED_AT_START_MS).unref(),
      () => undefined,
    );
    workers.add(running);
    void running.ended.then((ending) => {
      workers.delete(running);
      notListening.delete(running);
      // During a stop, the others may have been waiting for this one to stop listening.
      ifNoneListens();
      if (!stopping && !running.leaving && !running.onTrial) restartAfter(running, ending);
    });
    return running;
  };

  const restartAfter = (dead: Running, ending: Ending) => {
    const served = dead.servingSince ? Date.now() - dead.servingSince : 0;
    const failedAtStart = served < FAILED_AT_START_MS;
    failuresInARow = failedAtStart ? failuresInARow + 1 : 0;
    if (failuresInARow >= GIVE_UP_AFTER && ![...workers].some((w) => w.servingSince)) {
      warn(`Worker processes keep ending as they start (${failuresInARow} in a row, the last with ${describe(ending)}): stopping.`);
      process.exit(1);
    }
    const delay = restartDelayMs(failedAtStart ? failuresInARow : 0);
    const after = !dead.servingSince
      ? ' before it served'
      : failedAtStart
        ? `, ${(served / 1000).toFixed(1)} s after it began serving`
        : '';
    warn(`A worker process ended unexpectedly (${describe(ending)}${after}); starting another${delay ? ` in ${delay / 1000} s` : ''}.`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    restarts.add(timer);
  };

  // A worker that stopped listening drains its connections once no new one can be handed to a worker
  // (worker-role.ts, LISTENER_GONE): during a stop, once every worker has stopped listening, which closes the port;
  // in a roll, or for a worker ended from outside, at once, since the others go on listening.
  const notListening = new Set<Running>();
  const listenerGone = (w: Running) => void (w.worker.isConnected() && w.worker.send(LISTENER_GONE));
  const ifNoneListens = () => {
    if (stopping && [...workers].every((w) => notListening.has(w))) workers.forEach(listenerGone);
  };
  const stoppedListening = (running: Running) => {
    notListening.add(running);
    if (stopping) ifNoneListens();
    else listenerGone(running);
  };

  const drain = (running: Running) => {
    running.leaving = true;
    if (running.worker.process.exitCode === null && running.worker.process.signalCode === null) running.worker.process.kill('SIGTERM');
    return running.ended;
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    say(`${signal}: finishing open requests in ${workers.size} worker processes, then stopping.`);
    // Each worker stops itself after SHUTDOWN_GRACE_SECONDS; this is for a worker that does not.
    setTimeout(() => {
      warn(`Still busy after ${config.shutdownGraceMs / 1000} s (SHUTDOWN_GRACE_SECONDS): stopping anyway.`);
      for (const running of workers) running.worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + 5000).unref();
    void Promise.all([...workers].map(drain)).then((endings) => {
      // A worker still starting (no drain yet) ends by the signal itself: it had nothing open.
      const clean = endings.every((e) => e.code === 0 || e.signal === 'SIGTERM');
      if (clean) say(`${signal}: stopped.`);
      process.exit(clean ? 0 : 1);
    });
  };

  const roll = async () => {
    if (stopping) return;
    if (!started) return say('SIGHUP: the workers are still starting; this SIGHUP is ignored.');
    if (rolling) return say('SIGHUP: the workers are being replaced already; this SIGHUP is ignored.');
    rolling = true;
    const old = [...workers].filter((w) => !w.leaving);
    say(`SIGHUP: replacing the ${old.length} worker processes one at a time, with the build in dist/ as it is now.`);
    try {
      await rollWorkers({
        workers: old,
        ended: (w) => !workers.has(w),
        startOne: () => fork({ onTrial: true }).serves,
        drain,
        stopping: () => stopping,
      });
      if (!stopping) say(`SIGHUP: all ${old.length} worker processes are new.`);
    } catch (err) {
      const ending = err as Ending;
      if (!stopping)
        warn(
          `SIGHUP: a new worker process ended as it started (${describe(ending)}); the others go on serving the build they started with.`,
        );
    } finally {
      rolling = false;
    }
  };

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => void roll());

  // The first worker starts alone: it migrates the database, makes DATA_DIR's secret and the demo data of a first
  // start, and says the admin setup link; the others start once it serves, and find all that done.
  const first = fork({ announces: true, onTrial: true });
  try {
    await first.serves;
  } catch (err) {
    if (stopping) return;
    const ending = err as Ending;
    warn(`The server did not start: its worker process ended with ${describe(ending)}.`);
    process.exit(ending.code || 1);
  }
  await Promise.allSettled(Array.from({ length: config.workers - 1 }, () => fork().serves));
  started = true;
  if (stopping || !listening) return;
  const host = listening.address === '::' ? 'localhost' : listening.address;
  say(`Life Story is listening on http://${host}:${listening.port} with ${config.workers} worker processes (data in ${config.dataDir})`);
}
