// What a server process is (docs/decisions/0036-several-processes.md): the only one (WORKERS=1), or one of the
// supervisor's workers. The supervisor says the listening line once for them all; of the workers of one start, one
// says what a start says once (the admin setup link, the SMTP receiver's line).

export interface ProcessRole {
  /** A worker of the supervisor (server/src/cluster/supervisor.ts), which speaks for the processes. */
  inCluster: boolean;
  /** Says the lines a start says once. */
  announces: boolean;
}

/** WORKERS=1: the server is the one process, as before there were several. */
export const ALONE: ProcessRole = { inCluster: false, announces: true };

/** Set by the supervisor in the environment of the one worker of a start that announces; not a setting. */
const ANNOUNCES = 'LIFE_STORY_WORKER_ANNOUNCES';

export function workerEnv(announces: boolean): Record<string, string> {
  return announces ? { [ANNOUNCES]: '1' } : {};
}

export function workerRole(env: Record<string, string | undefined> = process.env): ProcessRole {
  return { inCluster: true, announces: env[ANNOUNCES] === '1' };
}

/** A worker's message to the supervisor once its HTTP server listens. */
export interface ServingMessage {
  lifeStory: 'serving';
  /** The address and port it listens on (the port for PORT=0 is the kernel's pick, the same for every worker). */
  address: string;
  port: number;
}

export function isServingMessage(message: unknown): message is ServingMessage {
  return isMessage(message, { lifeStory: 'serving' });
}

/**
 * A draining worker's message once it has stopped listening, and the supervisor's answer once no new connection can
 * be handed to a worker: when every worker stops, after the last has stopped listening (the supervisor's listener then
 * closes, and new connections are refused, not accepted and then cut); at once when others go on listening (a roll).
 */
export const STOPPED_LISTENING = { lifeStory: 'stopped-listening' } as const;
export const LISTENER_GONE = { lifeStory: 'listener-gone' } as const;

export const isMessage = (message: unknown, expected: { lifeStory: string }): boolean =>
  typeof message === 'object' && message !== null && (message as { lifeStory?: unknown }).lifeStory === expected.lifeStory;

/** In a worker: tells the supervisor this worker stopped listening, and waits for its answer (at most `maxMs`). */
export function supervisorListenerGone(maxMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message, LISTENER_GONE)) done();
    };
    // Past it (a supervisor gone or stuck), drain anyway: the connections must not wait for ever.
    const timer = setTimeout(done, maxMs);
    process.on('message', onMessage);
    process.send?.(STOPPED_LISTENING);
  });
}
