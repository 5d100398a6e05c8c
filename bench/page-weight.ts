/**
 * `npx tsx bench/page-weight.ts`: issue #32's page weight (docs/performance.md, "Issue #32"): a story page of ~860
 * words read in Chromium at 390 px, first visit and repeat visit, for a browser that takes brotli and one that takes
 * gzip only (the Accept-Encoding Chromium sends over HTTPS, or gzip only): bytes transferred (headers included,
 * fonts included), bytes that had arrived before the first contentful paint, requests, the font files. Then the
 * rendered page's compression, brotli at qualities 4-6 and 11 against gzip 6, bytes and time (the kept page's
 * brotli quality in server-render.ts). Runs against the production build (`npm run build` first) on a fresh DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { login, request } from './lib/http-client';
import { freePort, getStatus, startEmptySiteServer, timeUntilOk } from './lib/server-process';
import { nowMs } from './lib/stats';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The issue's goals, bytes. */
export const PAGE_WEIGHT_GOALS = { firstLoad: 80 * 1024, beforePaint: 30 * 1024, repeat: 10 * 1024 };

export interface VisitFigures {
  bytes: number;
  bytesBeforePaint: number;
  requests: number;
  fcpMs: number;
  fonts: { file: string; bytes: number }[];
  /** Each request: path, bytes, Content-Encoding answered. */
  files: { path: string; bytes: number; encoding: string }[];
  /**
   * What the reader's first touch (a key) then costs: the app's scripts and its reads, loaded on the first press, key
   * or focus since issue #32 (client/src/lib/start-on-first-touch.ts). Not in `bytes`: a reader who only reads never
   * loads them. Null when the app had started without a touch (before that change, or the comments within a screen).
   */
  touch: { bytes: number; requests: number; files: { path: string; bytes: number }[] } | null;
}

export interface PageWeightFigures {
  byEncoding: { encoding: string; first: VisitFigures; repeat: VisitFigures }[];
  compression: { label: string; bytes: number; microseconds: number }[];
  htmlBytes: number;
  loadAverage: number[];
}

/** ~860 words with what our languages put in a story: accents, curly quotes, dashes. */
function storyHtml(): string {
  const sentences = [
    'My grandmother’s kitchen in Sevilla smelled of oranges and café con leche — every morning, without fail.',
    'She called me “mi niño” and laughed when I tried to say “Müller” the way our German neighbour did.',
    'The señora next door crocheted lace for the church; her daughter Zoë played the piano after school.',
    'We walked to the market on Saturdays, past the fountain where the old men argued about fútbol.',
    'When the letters came from Zürich, she read them twice, once for the news and once for the handwriting.',
  ];
  const paragraphs: string[] = [];
  let words = 0;
  for (let i = 0; words < 860; i++) {
    const p = [0, 1, 2, 3].map((k) => sentences[(i + k) % sentences.length]).join(' ');
    words += p.split(/\s+/).length;
    paragraphs.push(`<p>${p}</p>`);
  }
  return paragraphs.join('');
}

async function author(base: string): Promise<string> {
  const p = {
    username: 'weight_author',
    email: 'weight_author@example.com',
    password: 'correct horse battery staple',
    first_name: 'Inés',
    last_name: 'Muñoz',
    dob: '1950-01-01',
  };
  const reg = await request(`${base}/api/auth/register`, { method: 'POST', body: JSON.stringify(p) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const cookie = await login(base, p.email, p.password);
  const res = await request(`${base}/api/stories/save`, {
    method: 'POST',
    body: JSON.stringify({ title: 'The kitchen in Sevilla', text: storyHtml() }),
    headers: { cookie },
  });
  if (res.status !== 201) throw new Error(`save: ${res.status} ${res.text}`);
  return `${base}/story/weight_author/page/1`;
}

interface Seen {
  url: string;
  bytes: number;
  encoding: string;
  endMs: number;
  fromCache: boolean;
}

/** One visit in a page of `context`'s (a first visit in a fresh context, a repeat in the same one). */
async function visit(browser: Browser, url: string, encoding: 'br' | 'gzip'): Promise<{ first: VisitFigures; repeat: VisitFigures }> {
  // Over plain HTTP Chromium asks for gzip and deflate only: the header is what it asks over HTTPS (or gzip only).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip, deflate' },
  });
  try {
    // No page.route here: Playwright turns the HTTP cache off when requests are routed, and the repeat visit needs it.
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let seen: Seen[] = [];
    const pending = new Map<string, Seen>();
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Document') t0 = e.timestamp;
      pending.set(e.requestId, { url: e.request.url, bytes: 0, encoding: '', endMs: 0, fromCache: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      const s = pending.get(e.requestId);
      if (!s) return;
      s.encoding = (e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '') as string;
      if (e.response.fromDiskCache || e.response.fromPrefetchCache) s.fromCache = true;
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const s = pending.get(e.requestId);
      if (s) s.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = pending.get(e.requestId);
      if (!s) return;
      s.bytes = e.encodedDataLength;
      s.endMs = (e.timestamp - t0) * 1000;
      seen.push(s);
    });
    const load = async (): Promise<VisitFigures> => {
      seen = [];
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The app's own requests after hydration (a busy machine can leave them past the first idle moment).
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      const read = seen.slice();
      // The paint's time from the navigation's start, as the network events' times are.
      const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      // What came over the network (a file read from the browser's cache costs no bytes).
      const fetched = read.filter((s) => !s.fromCache);
      const files = fetched.map((s) => ({ path: new URL(s.url).pathname, bytes: s.bytes, encoding: s.encoding }));
      // Then the reader's first touch, when the app had not come already (start-app.tsx marks <html> once it has).
      let touch: VisitFigures['touch'] = null;
      if (!(await page.evaluate(() => document.documentElement.dataset.app === 'started'))) {
        await page.keyboard.press('Shift');
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
        await page.waitForTimeout(1000);
        await page.waitForLoadState('networkidle');
        const more = seen.slice(read.length).filter((s) => !s.fromCache);
        touch = {
          bytes: more.reduce((n, s) => n + s.bytes, 0),
          requests: more.length,
          files: more.map((s) => ({ path: new URL(s.url).pathname, bytes: s.bytes })),
        };
      }
      return {
        touch,
        bytes: fetched.reduce((n, s) => n + s.bytes, 0),
        bytesBeforePaint: fetched.filter((s) => s.endMs <= fcpMs).reduce((n, s) => n + s.bytes, 0),
        requests: fetched.length,
        fcpMs,
        fonts: files.filter((f) => f.path.endsWith('.woff2')).map((f) => ({ file: path.posix.basename(f.path), bytes: f.bytes })),
        files,
      };
    };
    const first = await load();
    const repeat = await load();
    return { first, repeat };
  } finally {
    await context.close();
  }
}

function compression(html: Buffer): PageWeightFigures['compression'] {
  // The median of 31 runs: this machine is shared, and a mean carries every pause of the others' work.
  const time = (label: string, f: () => Buffer) => {
    const times: number[] = [];
    let out: Buffer = f();
    for (let i = 0; i < 31; i++) {
      const t = nowMs();
      out = f();
      times.push((nowMs() - t) * 1000);
    }
    times.sort((a, b) => a - b);
    return { label, bytes: out.length, microseconds: times[15]! };
  };
  const brotli = (q: number) => () =>
    zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: q,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  return [time('gzip 6', () => zlib.gzipSync(html, { level: 6 })), ...[4, 5, 6, 11].map((q) => time(`brotli ${q}`, brotli(q)))];
}

export async function pageWeightFigures(base: string, opts: { log: (line: string) => void }): Promise<PageWeightFigures> {
  const url = await author(base);
  const html = Buffer.from((await request(url)).text);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const byEncoding: PageWeightFigures['byEncoding'] = [];
  try {
    await visit(browser, url, 'br'); // warm-up: the page is kept, the server's files are in the OS cache
    for (const encoding of ['br', 'gzip'] as const) {
      opts.log(`  reading with Accept-Encoding ${encoding}…`);
      byEncoding.push({ encoding, ...(await visit(browser, url, encoding)) });
    }
  } finally {
    await browser.close();
  }
  return { byEncoding, compression: compression(html), htmlBytes: html.length, loadAverage: os.loadavg() };
}

/** Lines for the report (and docs/performance.md). */
export function pageWeightLines(f: PageWeightFigures): string[] {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const g = PAGE_WEIGHT_GOALS;
  const lines: string[] = [];
  for (const { encoding, first, repeat } of f.byEncoding) {
    lines.push(
      `${encoding}: first visit ${kb(first.bytes)} in ${first.requests} requests (goal <= ${kb(g.firstLoad)}), ${kb(first.bytesBeforePaint)} before the first paint at ${first.fcpMs.toFixed(0)} ms (goal <= ${kb(g.beforePaint)}); repeat visit ${kb(repeat.bytes)} in ${repeat.requests} requests (goal <= ${kb(g.repeat)})`,
    );
    lines.push(
      `${encoding}: fonts ${first.fonts.length} files, ${kb(first.fonts.reduce((n, x) => n + x.bytes, 0))} (${first.fonts.map((x) => `${x.file} ${kb(x.bytes)}`).join(', ')})`,
    );
    if (first.touch)
      lines.push(
        `${encoding}: then the first touch (the app): ${kb(first.touch.bytes)} in ${first.touch.requests} requests (${first.touch.files.map((x) => `${x.path} ${kb(x.bytes)}`).join(', ')})`,
      );
    lines.push(`${encoding}: repeat visit's requests: ${repeat.files.map((x) => `${x.path} ${kb(x.bytes)}`).join(', ')}`);
    lines.push(
      `${encoding}: first visit's files: ${first.files.map((x) => `${x.path} ${kb(x.bytes)}${x.encoding ? ` ${x.encoding}` : ''}`).join(', ')}`,
    );
  }
  lines.push(
    `the rendered page (${kb(f.htmlBytes)} plain): ${f.compression.map((c) => `${c.label} ${kb(c.bytes)} in ${c.microseconds.toFixed(0)} µs (median)`).join(', ')}`,
  );
  lines.push(`load average at the end: ${f.loadAverage.map((l) => l.toFixed(1)).join(', ')}`);
  return lines;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-weight-'));
  const port = await freePort();
  const server = startEmptySiteServer(['dist/server/main.js'], root, dataDir, port);
  try {
    await timeUntilOk(server, nowMs(), getStatus(`${server.base}/healthz`));
    console.log(
      `load average at the start: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    const figures = await pageWeightFigures(server.base, { log: (line) => console.log(line) });
    for (const line of pageWeightLines(figures)) console.log(line);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('page-weight.ts')) await main();
