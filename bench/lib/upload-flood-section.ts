// The bench section for issue #23 §4 (docs/performance.md, "Issue #23 §4"): uploads that cost gigabytes. The
// 39 KB PNG of 39,999,999 x 1 px; then 40 maximal uploads at once (10 MB bodies of 40 MP JPEGs, from 20 people,
// two each) with someone else's small picture sent meanwhile: the server's resident memory, the small upload's time
// against its time alone, /healthz all the while.
import http from 'node:http';
import sharp from 'sharp';
import { gradientJpeg, pngWithRows } from '../../tests/support/photo-fixtures';
import { cookieHeader, login, request } from './http-client';
import { mb, ms, type Report } from './report';
import { memoryOf, RssSampler } from './server-process';
import { nowMs, sleep, summarize } from './stats';

export interface UploadFloodOptions {
  base: string;
  pid: number;
  /** Signed-in people the maximal uploads come from (`access_token=…`), two uploads each at a time. */
  uploaders: string[];
  /** Someone else, who sends the small picture. */
  other: string;
  /** Maximal uploads sent at once. */
  concurrent: number;
  log: (line: string) => void;
}

interface Sent {
  ms: number;
  status: number;
  text: string;
}

/** POST a multipart body with one `file` field (as the editor's XMLHttpRequest sends it). */
function upload(base: string, path: string, cookie: string, file: Buffer, type: string, timeoutMs = 600_000): Promise<Sent> {
  const boundary = `----flood${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const t0 = nowMs();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        // A connection of its own, without the global agent's 5 s idle timeout: a body the server is not reading yet
        // (waiting for its turn) is not a failure of the server.
        agent: false,
        headers: {
          ...cookieHeader(cookie),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ms: nowMs() - t0, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ ms: nowMs() - t0, status: 0, text: 'response error' }));
      },
    );
    req.on('error', (err) => resolve({ ms: nowMs() - t0, status: 0, text: err.message }));
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.end(body);
  });
}

/** A 40 MP JPEG (7300 x 5475) padded with comment segments to just under 10 MB: the most an upload may be. */
export async function maximalJpeg(): Promise<Buffer> {
  const jpeg = await gradientJpeg(7300, 5475, { quality: 97 });
  const room = 10 * 1024 * 1024 - 1024 - jpeg.length;
  const segments: Buffer[] = [];
  for (let left = room; left > 4; ) {
    const payload = Math.min(65_533, left - 4);
    const seg = Buffer.alloc(4 + payload, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe; // COM
    seg.writeUInt16BE(payload + 2, 2);
    segments.push(seg);
    left -= seg.length;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The 39 KB PNG: 39,999,999 x 1 black pixels, every row there, deflated. */
export const hairlinePng = (): Buffer => pngWithRows(39_999_999, 1);

/** Registers and signs in `n` people; their cookies. */
export async function signedInPeople(base: string, n: number, prefix: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const person = {
      username: `${prefix}${i}`,
      email: `${prefix}${i}@example.com`,
      password: 'correct horse battery staple',
      first_name: 'Ann',
      last_name: 'Lee',
      dob: '1950-01-01',
    };
    const reg = await request(`${base}/api/auth/register`, { method: 'POST', body: JSON.stringify(person) });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
    cookies.push(await login(base, person.email, person.password));
  }
  return cookies;
}

const count = (statuses: number[]) => {
  const n = new Map<number, number>();
  for (const s of statuses) n.set(s, (n.get(s) ?? 0) + 1);
  return [...n].map(([s, k]) => `${k} x ${s}`).join(', ');
};

export async function uploadFloodSection(report: Report, o: UploadFloodOptions): Promise<Record<string, unknown>> {
  report.section('uploads that cost gigabytes (issue #23 §4)');
  const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6f4e' } })
    .jpeg({ quality: 85 })
    .toBuffer();

  o.log('  the 39,999,999 x 1 px PNG…');
  const hairline = hairlinePng();
  const rssBeforeHairline = memoryOf(o.pid).rss;
  const hairlineSampler = new RssSampler(o.pid, 50);
  const line = await upload(o.base, '/uploads/photo', o.other, hairline, 'image/png');
  hairlineSampler.stop();
  report.info(
    `a ${(hairline.length / 1024).toFixed(0)} KB PNG of 39,999,999 x 1 px`,
    `${line.status} in ${ms(line.ms)} ms; RSS ${mb(rssBeforeHairline)} -> peak ${mb(hairlineSampler.peak())}`,
  );

  o.log('  a small picture alone…');
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await upload(o.base, '/api/upload', o.other, small, 'image/jpeg');
    if (r.status !== 201) throw new Error(`small upload answered ${r.status}: ${r.text.slice(0, 200)}`);
    alone.push(r.ms);
  }
  const aloneMs = summarize(alone).p50;
  report.info('a 640 x 480 picture uploaded alone (median of 3)', `${ms(aloneMs)} ms`);

  o.log(`  ${o.concurrent} maximal uploads at once, and a small one meanwhile…`);
  const big = await maximalJpeg();
  const rssBefore = memoryOf(o.pid).rss;
  const sampler = new RssSampler(o.pid, 50);
  let done = false;
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      const t0 = nowMs();
      await request(`${o.base}/healthz`, { timeoutMs: 600_000 }).catch(() => undefined);
      health.push(nowMs() - t0);
      await sleep(100);
    }
  })();
  const t0 = nowMs();
  const flood = Array.from({ length: o.concurrent }, (_, i) =>
    upload(o.base, '/uploads/photo', o.uploaders[i % o.uploaders.length]!, big, 'image/jpeg'),
  );
  await sleep(2000);
  const smallUnder = await upload(o.base, '/api/upload', o.other, small, 'image/jpeg');
  const results = await Promise.all(flood);
  o.log(`    answer times (s): ${results.map((r) => (r.ms / 1000).toFixed(1)).join(' ')}`);
  const wallMs = nowMs() - t0;
  done = true;
  await probe;
  sampler.stop();
  const statuses = results.map((r) => r.status);
  for (const text of new Set(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text.slice(0, 160)}`))) {
    o.log(`    answered: ${text}`);
  }
  const retryAfter = results.some((r) => r.status === 503);
  report.info(
    `${o.concurrent} uploads of a 10 MB, 40 MP JPEG at once (${o.uploaders.length} people)`,
    `${count(statuses)}; all answered in ${ms(wallMs / 1000)} s${retryAfter ? ' (503s carry Retry-After)' : ''}`,
  );
  const peak = sampler.peak();
  report.judged('server RSS: before -> peak during them', `${mb(rssBefore)} -> ${mb(peak)}`, 'peak <= 600 MB', peak <= 600e6);
  const extra = smallUnder.ms - aloneMs;
  report.judged(
    'someone else’s 640 x 480 picture sent 2 s in',
    `${smallUnder.status} in ${ms(smallUnder.ms)} ms (${ms(extra)} ms more than alone)`,
    'answered 201, within 2 s of its time alone',
    smallUnder.status === 201 && extra <= 2000,
  );
  const h = summarize(health);
  report.info('/healthz during them (every 100 ms)', `p50 ${ms(h.p50)} ms, max ${ms(h.max)} ms (${h.n} probes)`);
  return {
    hairline: { bytes: hairline.length, status: line.status, ms: line.ms, rssPeak: hairlineSampler.peak() },
    aloneMs,
    flood: { statuses, wallMs, rssBefore, rssPeak: peak, maximalBytes: big.length },
    smallUnder: { status: smallUnder.status, ms: smallUnder.ms },
    health: h,
  };
}
