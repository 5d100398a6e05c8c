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
  return typeof message === 'object' && message !== null && (message as ServingMessage).lifeStory === 'serving';
}
