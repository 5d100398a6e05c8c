// The image starts the server as `npm start` does: with the process environment of scripts/server-env.mjs.
// That environment never overrides what the person running it has set.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_PROCESS_ENV, serverProcessEnv } from '../../scripts/server-env.mjs';

const root = path.resolve(__dirname, '../..');

/** KEY=value pairs of the Dockerfile's ENV instructions in its final stage. */
function finalStageEnv(): Record<string, string> {
  const text = fs.readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const line of stages[stages.length - 1]!.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of m[1]!.trim().split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      env[key!] = value.join('=');
    }
  }
  return env;
}

describe('infra/Dockerfile', () => {
  it('runs the server with the environment npm start gives it', () => {
    const env = finalStageEnv();
    expect(Object.keys(SERVER_PROCESS_ENV).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(SERVER_PROCESS_ENV)) expect(env[key], key).toBe(value);
    expect(env.NODE_ENV).toBe('production');
  });

  it('checks readiness (/readyz: the database answers), not only that the process answers', () => {
    const text = fs.readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
    const healthcheck = text.split('\n').find((line) => line.startsWith('HEALTHCHECK'));
    expect(healthcheck).toMatch(/CMD node -e .*\/readyz'/);
  });
});

describe('serverProcessEnv', () => {
  it('adds the server environment to what is already set, never over it', () => {
    expect(serverProcessEnv({ PORT: '4000' })).toEqual({ ...SERVER_PROCESS_ENV, PORT: '4000' });
    expect(serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });

  it('puts your NODE_OPTIONS after its own, so that yours win', () => {
    expect(serverProcessEnv({ NODE_OPTIONS: '--max-semi-space-size=16 --enable-source-maps' }).NODE_OPTIONS).toBe(
      `${SERVER_PROCESS_ENV.NODE_OPTIONS} --max-semi-space-size=16 --enable-source-maps`,
    );
  });
});
