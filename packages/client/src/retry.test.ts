// The client's retries against a real loopback HTTP server that answers 429 or 503 before a 200: which answers are
// asked again, after which wait, how many times (docs/decisions/0041-typed-client-and-start-stack.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../server/src/contract/limits';
import { createLifeStoryClient, MAX_BATCH_CALLS } from './client.js';
import { retryAfterMs, retryingFetch } from './retry.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** What the server answers next, in order; once they are used up, 200 with a tRPC batch answer. */
let script: Array<{ status: number; headers?: Record<string, string> } | 'hang-up'> = [];
let seen: Seen[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const next = script.shift();
      if (next === 'hang-up') return req.socket.destroy();
      if (next) {
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
        return res.end(JSON.stringify([{ error: { message: 'not now', code: -32029, data: { httpStatus: next.status } } }]));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ result: { data: null } }]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
});

/** A sleep that waits no time but records what it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates; a past date is no wait; anything else is unknown', () => {
    const now = Date.parse('2026-11-27T21:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Fri, 27 Nov 2026 21:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Fri, 27 Nov 2026 20:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});

describe('retryingFetch on a loopback server', () => {
  it('asks again after a 429 and a 503, waiting what each Retry-After says (seconds, then an HTTP date)', async () => {
    const now = Date.parse('2026-11-27T21:00:00Z');
    script = [
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 503, headers: { 'retry-after': 'Fri, 27 Nov 2026 21:00:05 GMT' } },
    ];
    const { waits, sleep } = recordingSleep();
    const res = await retryingFetch(fetch, { sleep, now: () => now })(`${base}/trpc/stories.publish`, { method: 'POST', body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(waits).toEqual([2000, 5000]);
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['POST', '{"a":1}'],
      ['POST', '{"a":1}'],
      ['POST', '{"a":1}'],
    ]);
  });

  it('without Retry-After waits the base delay, doubled each time', async () => {
    script = [{ status: 503 }, { status: 503 }];
    const { waits, sleep } = recordingSleep();
    expect((await retryingFetch(fetch, { sleep, baseDelayMs: 100 })(`${base}/x`)).status).toBe(200);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after `tries` sends and hands back the last refusal', async () => {
    script = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 429, headers: { 'retry-after': '1' } }, { status: 429 }];
    const { waits, sleep } = recordingSleep();
    const res = await retryingFetch(fetch, { sleep, tries: 3 })(`${base}/x`);
    expect(res.status).toBe(429);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
    expect(script).toEqual([]);
  });

  it('does not wait for a Retry-After longer than maxDelayMs: the refusal comes back at once', async () => {
    script = [{ status: 429, headers: { 'retry-after': '3600' } }];
    const { waits, sleep } = recordingSleep();
    expect((await retryingFetch(fetch, { sleep })(`${base}/x`)).status).toBe(429);
    expect(waits).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 409, 413, 500, 502, 504])('never asks again after a %i', async (status) => {
    script = [{ status, headers: { 'retry-after': '1' } }];
    const { waits, sleep } = recordingSleep();
    expect((await retryingFetch(fetch, { sleep })(`${base}/x`, { method: 'POST', body: '{}' })).status).toBe(status);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('asks a read (GET) again when the connection broke, but never a write (POST): it may have been done', async () => {
    const { waits, sleep } = recordingSleep();
    script = ['hang-up'];
    expect((await retryingFetch(fetch, { sleep })(`${base}/trpc/accounts.me`)).status).toBe(200);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(waits).toHaveLength(1);

    seen = [];
    script = ['hang-up'];
    await expect(retryingFetch(fetch, { sleep })(`${base}/trpc/stories.publish`, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(seen.map((s) => s.method)).toEqual(['POST']);
  });

  it('stops waiting when the call is aborted', async () => {
    script = [{ status: 503, headers: { 'retry-after': '30' } }];
    const controller = new AbortController();
    const pending = retryingFetch(fetch)(`${base}/x`, { signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort(new Error('stopped'));
    await expect(pending).rejects.toThrow('stopped');
    expect(seen).toHaveLength(1);
  });
});

describe('createLifeStoryClient', () => {
  it('sends the token as a Bearer header to <url>/trpc, and its retries apply to procedure calls', async () => {
    script = [{ status: 429, headers: { 'retry-after': '0' } }];
    const client = createLifeStoryClient({ url: `${base}/`, token: 'lst_example', retry: { sleep: async () => undefined } });
    await expect(client.accounts.me.query()).resolves.toBeNull();
    expect(seen.map((s) => [s.method, s.url.split('?')[0], s.authorization])).toEqual([
      ['GET', '/trpc/accounts.me', 'Bearer lst_example'],
      ['GET', '/trpc/accounts.me', 'Bearer lst_example'],
    ]);
  });

  it('hands back the refusal as a TRPCClientError with its status once the tries are spent', async () => {
    script = [{ status: 503 }, { status: 503 }];
    const client = createLifeStoryClient({ url: base, token: 'lst_example', retry: { tries: 2, sleep: async () => undefined } });
    await expect(client.accounts.me.query()).rejects.toMatchObject({ data: { httpStatus: 503 } });
    expect(seen).toHaveLength(2);
  });

  it('splits batches where the server does', () => {
    expect(MAX_BATCH_CALLS).toBe(LIMITS.trpcBatchMax);
  });
});
