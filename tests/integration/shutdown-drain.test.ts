// SIGTERM under write load (docs/decisions/0023-several-instances.md, "Draining"): the real server as a process of
// its own, people commenting one comment after another over kept-alive connections, then SIGTERM. Every request
// is either answered 2xx and stored, or refused before it was sent (connection refused, or a 503 that closes the
// connection). None is reset, and the process exits 0. Before the drain, node's server.close() reset the kept-alive
// connections whose request was in flight (their comments were lost, the clients got ECONNRESET), and busy
// connections kept being served until a 10 s timer called process.exit(1).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/postgres-cluster';
import { type ServerProcess, startServerProcess } from '../support/server-command';
import { person, postgresBaseUrl, storyHtml } from '../support/test-app';

interface Outcome {
  text: string;
  status?: number;
  connection?: string;
  /** The request failed without an answer: node's error code. */
  error?: string;
}

/** One JSON POST through `agent` (one kept-alive connection per client). Never rejects. */
function post(agent: http.Agent, url: string, body: unknown, cookie?: string): Promise<Outcome & { setCookie?: string[] }> {
  const text = (body as { data?: { text?: string } }).data?.text ?? '';
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ text, status: res.statusCode, connection: res.headers.connection, setCookie: res.headers['set-cookie'] }),
      );
      res.on('aborted', () => resolve({ text, error: 'aborted mid-answer' }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ text, error: err.code ?? err.message }));
    req.end(JSON.stringify(body));
  });
}

const CLIENTS = 8;
const secret = 'ab'.repeat(32);

describe('SIGTERM under write load', () => {
  let server: ServerProcess;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-drain-'));
    if (postgresBaseUrl) {
      const database = await freshPostgresDatabase(postgresBaseUrl);
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    server = await startServerProcess({
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '0',
      SEED_DEMO: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEARCH_INDEX: 'embedded', SESSION_SECRET: secret } : {}),
    });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The comments stored, read from the database itself once the process is gone. */
  async function storedComments(): Promise<Set<string>> {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return new Set((await client.query<{ text: string }>('SELECT text FROM comments')).rows.map((r) => r.text));
      } finally {
        await client.end();
      }
    }
    const db = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'), { readonly: true });
    try {
      return new Set((db.prepare('SELECT text FROM comments').all() as { text: string }[]).map((r) => r.text));
    } finally {
      db.close();
    }
  }

  it('answers and stores every request it started, refuses the rest before starting them, and exits 0', async () => {
    const { base } = server;
    const signUp = async (agent: http.Agent, i: number) => {
      const fields = person({ username: `drain_${i}` });
      expect((await post(agent, `${base}/api/auth/register`, fields)).status).toBe(201);
      const login = await post(agent, `${base}/api/auth/login`, { email: fields.email, password: fields.password });
      expect(login.status).toBe(200);
      return login.setCookie!.find((c) => c.startsWith('access_token='))!.split(';')[0]!;
    };
    const authorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const author = await signUp(authorAgent, 0);
    expect((await post(authorAgent, `${base}/api/stories/save`, { title: 'Drained', text: storyHtml(1) }, author)).status).toBe(201);
    authorAgent.destroy();

    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const cookies = await Promise.all(agents.map((agent, i) => signUp(agent, i + 1)));
    const outcomes: Outcome[] = [];
    let answered = 0;
    let signalled!: () => void;
    const enoughLoad = new Promise<void>((resolve) => {
      signalled = resolve;
    });
    // Each client comments one comment after another on its one connection, until the server turns it away.
    const commenting = agents.map(async (agent, c) => {
      for (let i = 0; ; i++) {
        const outcome = await post(
          agent,
          `${base}/api/comments/create`,
          { data: { story_username: 'drain_0', text: `drain ${c}-${i}` } },
          cookies[c],
        );
        outcomes.push(outcome);
        if (outcome.status && outcome.status < 300 && ++answered === CLIENTS * 5) signalled();
        if (outcome.error || outcome.status !== 201) return;
      }
    });
    await enoughLoad;
    server.child.kill('SIGTERM');
    await Promise.all(commenting);
    const code = await server.exited;
    for (const agent of agents) agent.destroy();

    const stored = await storedComments();
    const wrong = outcomes.filter((o) => {
      if (o.status !== undefined && o.status < 300) return !stored.has(o.text); // answered but not stored
      if (o.status === 503) return o.connection !== 'close' || stored.has(o.text);
      if (o.status !== undefined) return true; // any other answer
      // Refused before it started; a reset (after the request was sent) is a cut, stored or not.
      return o.error !== 'ECONNREFUSED' || stored.has(o.text);
    });
    expect(wrong, JSON.stringify(wrong)).toEqual([]);
    // Every comment stored was answered: none was cut after its write.
    const acknowledged = new Set(outcomes.filter((o) => o.status === 201).map((o) => o.text));
    expect(acknowledged.size).toBeGreaterThanOrEqual(CLIENTS * 5);
    expect([...stored].filter((text) => text.startsWith('drain ') && !acknowledged.has(text))).toEqual([]);
    expect(code).toBe(0);
    expect(server.output()).toContain('SIGTERM: stopped.');
  }, 60_000);
});
