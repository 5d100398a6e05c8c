// Issue #23 §4: uploads refused before their body is read (a session, the person's uploads under way, the rate
// budget), bodies streamed to disk, the image line bounded (503 with Retry-After), sides bounded before decoding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageQueue } from '../../server/src/core/uploads/image-queue';
import { from, makeLimitedApp, personFrom } from '../support/limited-app';
import { gradientJpeg, pngWithRows } from '../support/photo-fixtures';
import type { TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  // 1% of every budget: 3 photos and 1 picture an hour per account.
  t = await makeLimitedApp('0.01');
});
afterAll(async () => t.close());

const BOUNDARY = 'endless-body';

/**
 * A multipart body that sends its part's head, then never another byte, counting what the server pulled. `fail`
 * ends it with an error (the request then finishes).
 */
function endlessBody() {
  const head = new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
  );
  let pulls = 0;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull(c) {
        pulls++;
        if (pulls === 1) c.enqueue(head);
        else return new Promise<void>(() => undefined); // never another byte
      },
    },
    { highWaterMark: 0 }, // nothing is pulled until someone reads
  );
  return {
    stream,
    get pulls() {
      return pulls;
    },
    fail: () => controller.error(new Error('the sender went away')),
  };
}

function post(path: string, body: ReadableStream<Uint8Array>, ip: string, cookie?: string | null) {
  return t.app.request(`http://localhost${path}`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
  } as RequestInit);
}

function form(bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return f;
}

describe('refused before the body is read', () => {
  it('a visitor gets 401 from both upload routes while the body never ends, and no byte is read', async () => {
    for (const path of ['/uploads/photo', '/api/upload']) {
      const body = endlessBody();
      const res = await post(path, body.stream, '198.51.100.1');
      expect(res.status, path).toBe(401);
      expect(body.pulls, path).toBe(0);
    }
  }, 15_000);

  it('a person past their photo budget gets 429 with Retry-After while the body never ends, and no byte is read', async () => {
    const p = await personFrom(t, '198.51.100.2');
    for (let i = 0; i < 3; i++) await t.deps.limiter.consume('photoUploadPerAccount', String(p.id));
    const body = endlessBody();
    const res = await post('/uploads/photo', body.stream, p.ip, p.client.cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: { message: expect.stringMatching(/^Too many photo uploads\. Please try again in/) } });
    expect(body.pulls).toBe(0);
  }, 15_000);

  it('a person past their picture budget gets 429 from /api/upload while the body never ends, and no byte is read', async () => {
    const p = await personFrom(t, '198.51.100.3');
    await t.deps.limiter.consume('uploadPerAccount', String(p.id));
    const body = endlessBody();
    const res = await post('/api/upload', body.stream, p.ip, p.client.cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/^Too many uploads\. Please try again in/);
    expect(body.pulls).toBe(0);
  }, 15_000);

  it('a person with two uploads under way gets 429 for a third before its body is read; the two end with 400 when cut off', async () => {
    const p = await personFrom(t, '198.51.100.4');
    const slow = [endlessBody(), endlessBody()];
    const pending = slow.map((b) => post('/uploads/photo', b.stream, p.ip, p.client.cookie));
    // Both are being read (their head arrived) before the third is sent.
    await expect.poll(() => slow.every((b) => b.pulls >= 2)).toBe(true);
    const third = endlessBody();
    const res = await post('/uploads/photo', third.stream, p.ip, p.client.cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error.message).toBe('You are already sending 2 images. Please wait for them to finish, then try again.');
    expect(third.pulls).toBe(0);
    for (const b of slow) b.fail();
    const ended = await Promise.all(pending);
    expect(ended.map((r) => r.status)).toEqual([400, 400]);
    // Cut-off uploads no longer count as under way.
    const next = await p.client.post('/uploads/photo', form(await gradientJpeg(40, 30), 'a.jpg', 'image/jpeg'), from(p.ip));
    expect(next.status).toBe(201);
  }, 20_000);
});

describe('the line of images being processed', () => {
  it('answers 503 with Retry-After on both routes when the line is full (a large body unread), and takes uploads again once it empties', async () => {
    const p = await personFrom(t, '198.51.100.5');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Two images being worked on and eight waiting, none of them this person's.
    const held = Array.from({ length: 10 }, (_, i) => imageQueue.run(`someone-${i}`, 1, () => gate));
    expect(imageQueue.load).toEqual({ running: 2, waiting: 8, arriving: 0 });
    const photo = await p.client.post('/uploads/photo', form(await gradientJpeg(40, 30), 'a.jpg', 'image/jpeg'), from(p.ip));
    expect(photo.status).toBe(503);
    expect(Number(photo.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(photo.body).toEqual({ error: { message: 'Many images are being processed right now. Please try again in a few seconds.' } });
    const picture = await p.client.post('/api/upload', form(await gradientJpeg(40, 30), 'a.jpg', 'image/jpeg'), from(p.ip));
    expect(picture.status).toBe(503);
    expect(Number(picture.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(picture.body.message).toBe('Many images are being processed right now. Please try again in a few seconds.');
    // A body that is not small (here of unknown length) is refused before it is read while the line is full.
    const endless = endlessBody();
    const unread = await post('/uploads/photo', endless.stream, p.ip, p.client.cookie);
    expect(unread.status).toBe(503);
    expect(Number(unread.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(endless.pulls).toBe(0);
    open();
    await Promise.all(held);
    expect(imageQueue.load).toEqual({ running: 0, waiting: 0, arriving: 0 });
    const again = await p.client.post('/uploads/photo', form(await gradientJpeg(40, 30), 'a.jpg', 'image/jpeg'), from(p.ip));
    expect(again.status).toBe(201);
  }, 20_000);
});

describe('image sides', () => {
  it('refuses the 39,999,999 x 1 px PNG and a 30:1 strip with a 4xx and a sentence, from the header', async () => {
    const p = await personFrom(t, '198.51.100.6');
    const wide = await p.client.post('/uploads/photo', form(pngWithRows(39_999_999, 1)), from(p.ip));
    expect(wide.status).toBe(413);
    expect(wide.body).toEqual({ error: { message: 'The image is wider or taller than 12,000 pixels.' } });
    const strip = await p.client.post('/uploads/photo', form(pngWithRows(3000, 100)), from(p.ip));
    expect(strip.status).toBe(400);
    expect(strip.body).toEqual({
      error: { message: 'The image is too long and narrow: its long side may be at most 25 times its short side.' },
    });
  }, 20_000);
});
