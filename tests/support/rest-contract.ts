// Shared assertions and cheap fixtures for the /api contract suites (tests/integration/rest-*.test.ts).
import sharp from 'sharp';
import { expect } from 'vitest';
import { person, type TestApp, type TestClient, type TestResponse } from './test-app';

export const NO_SESSION = 'Access denied, no token provided.';
/** ISO-8601 UTC with milliseconds, as a JS Date serialises. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The recommended dob form: local midnight, no zone. */
export const DOB_LOCAL = /^\d{4}-\d{2}-\d{2}T00:00:00\.000$/;

/** A success answer: the status and the exact message; with `data` omitted, the body is exactly {message}. */
export function expectOk(res: TestResponse, status: 200 | 201, message: string, opts: { bare?: boolean } = {}): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/application\/json/);
  expect(res.body?.message, res.text).toBe(message);
  if (opts.bare) expect(res.body).toEqual({ message });
}

/** An error answer: the status, the text in both `message` and `error`, and (when given) the exact text. */
export function expectError(res: TestResponse, status: number, message?: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(typeof res.body?.message, res.text).toBe('string');
  expect((res.body.message as string).length).toBeGreaterThan(0);
  expect(res.body.error).toBe(res.body.message);
  if (message instanceof RegExp) expect(res.body.message).toMatch(message);
  else if (message !== undefined) expect(res.body.message).toBe(message);
}

/** A 400 naming the field that was wrong, with the same text in `fields`. */
export function expectFieldError(res: TestResponse, field: string, message: string): void {
  expectError(res, 400, message);
  expect(res.body.fields?.[field]).toBe(message);
}

/** A `{data:{count}}` answer with a numeric count. */
export function expectCount(res: TestResponse, message: string, count: number): void {
  expectOk(res, 200, message);
  expect(res.body.data).toEqual({ count });
  expect(typeof res.body.data.count).toBe('number');
}

/** Sends a request exactly as the old client's bodyless POSTs: no body, no Content-Type. */
export function bodyless(client: TestClient, method: string, url: string): Promise<TestResponse> {
  return client.send(method, url);
}

/** A client holding someone else's cookie (another browser of the same person, or a leaked copy). */
export function cloneSession(t: TestApp, client: TestClient): TestClient {
  const other = t.client();
  other.cookie = client.cookie;
  return other;
}

let pngSeed = 0;
/** A small real PNG (distinct each time). */
export async function png(): Promise<Buffer> {
  pngSeed += 1;
  const shade = (pngSeed * 37) % 256;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** Uploads a PNG through POST /api/upload and returns the bare name it was stored under. */
export async function uploadPng(client: TestClient): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
  const res = await client.post('/api/upload', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.data as string;
}

/**
 * Registers people through the core (no HTTP, no sign-in), a few at a time so argon2 uses the thread
 * pool; returns their ids by username.
 */
export async function registerMany(t: TestApp, fields: Record<string, unknown>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < fields.length; i += 8) {
    await Promise.all(
      fields.slice(i, i + 8).map(async (f) => {
        const p = person(f);
        await t.caller().accounts.register({
          username: p.username,
          email: p.email,
          password: p.password,
          dob: p.dob,
          first_name: p.first_name as string | null,
          last_name: p.last_name as string | null,
        });
        ids.set(p.username, await t.userId(p.username));
      }),
    );
  }
  return ids;
}

/** The old client's like / save / comment bodies: the payload under `data`, plus `withCredentials`. */
export const wrapped = (data: Record<string, unknown>) => ({ data, withCredentials: true });
