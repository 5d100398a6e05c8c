// An unexpected error is logged once, through the app's logger, with where it happened, the request id and
// the stack; the client gets a sentence and the same id in X-Request-Id.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '../../server/src/contract/errors';
import { makeTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The search index fails the way a broken adapter would: a plain Error, not an AppError. */
function breakSearch() {
  vi.spyOn(t.deps.search, 'search').mockRejectedValue(new Error('search index exploded'));
  t.logs.length = 0;
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

function expectOneEntry(where: string, requestId: string) {
  expect(t.logs).toHaveLength(1);
  const entry = t.logs[0]!;
  expect(entry).toContain(where);
  expect(entry).toContain(requestId);
  expect(entry).toContain('Error: search index exploded');
  expect(entry).toMatch(/\n\s+at /); // the stack
}

describe('unexpected errors', () => {
  it('in a tRPC procedure: a 500 with a sentence, one log entry with path, request id and stack, nothing on console.error', async () => {
    const consoleError = breakSearch();
    const res = await t.client().get(`/trpc/explore.search?input=${encodeURIComponent(JSON.stringify({ text: 'ada' }))}`);
    expect(res.status).toBe(500);
    expect(res.body.error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(res.text).not.toContain('exploded');
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    expectOneEntry('trpc explore.search', requestId!);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('in an /api route: the same, with the method and path', async () => {
    const consoleError = breakSearch();
    const res = await t.client().post('/api/searches/all', { searchTerm: 'ada' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: GENERIC_ERROR_MESSAGE, error: GENERIC_ERROR_MESSAGE });
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    expectOneEntry('POST /api/searches/all', requestId!);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('request ids', () => {
  it('every answer carries its own X-Request-Id, refusals and successes alike', async () => {
    t.logs.length = 0;
    const c = t.client();
    const ids = [
      (await c.get('/healthz')).headers.get('x-request-id'),
      (await c.get('/trpc/explore.top?input=%7B%7D')).headers.get('x-request-id'),
      (await c.post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' })).headers.get('x-request-id'),
      (await c.get('/no/such/page')).headers.get('x-request-id'),
    ];
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(t.logs).toEqual([]);
  });
});
