/**
 * `npx tsx bench/photo-page.ts [--photos 20] [--lighthouse-runs 3]`: issue #12's reader figure (docs/performance.md,
 * "Photos (issue #12)"): a story of 20 photos, uploaded through POST /uploads/photo as varied camera-like JPEGs,
 * read in Chromium at phone width (390 x 844 at 3x) and desktop (1280 x 800 at 1x): image bytes downloaded before
 * any scroll, CLS while scrolling through the page, LCP; and Lighthouse's desktop LCP of the same page with and
 * without its photos. Runs against the production build (`npm run build` first) on a fresh DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { cameraLikeJpeg } from '../tests/support/photo-fixtures';
import { login, request } from './lib/http-client';
import { measurePage, type PageMetrics } from './lib/lighthouse-run';
import { freePort, getStatus, startEmptySiteServer, timeUntilOk } from './lib/server-process';
import { nowMs } from './lib/stats';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

/** Photo shapes as a box of scans and phone pictures gives them: landscape, portrait, square, small. */
const SHAPES: [number, number][] = [
  [3000, 2000],
  [2400, 1800],
  [1500, 2000],
  [2000, 2000],
  [1200, 900],
  [4000, 3000],
  [1800, 2400],
  [2048, 1365],
];

export interface ReaderFigures {
  viewport: string;
  /** /media/ images fetched before any scroll: count and bytes over the wire (transferSize). */
  imagesBeforeScroll: number;
  imageBytesBeforeScroll: number;
  /** The same after scrolling to the end of the page. */
  imagesAfterScroll: number;
  imageBytesAfterScroll: number;
  cls: number;
  lcpMs: number;
  lcpElement: string;
}

export interface PhotoPageFigures {
  photos: number;
  photosOnPage1: number;
  uploadBytes: number;
  originalsBytes: number;
  readers: ReaderFigures[];
  readersWithoutPhotos: ReaderFigures[];
  lighthouse: { withPhotos: PageMetrics; withoutPhotos: PageMetrics } | { error: string };
  loadAverage: number[];
}

async function person(base: string, username: string) {
  const p = {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery staple',
    first_name: 'Ann',
    last_name: 'Lee',
    dob: '1950-01-01',
  };
  const reg = await request(`${base}/api/auth/register`, { method: 'POST', body: JSON.stringify(p) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  return login(base, p.email, p.password);
}

async function uploadPhoto(base: string, cookie: string, jpeg: Buffer): Promise<{ name: string; bytes: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/uploads/photo`, { method: 'POST', body: form, headers: { cookie, origin: base } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as { name: string; bytes: number };
}

async function publishStory(base: string, cookie: string, html: string) {
  const res = await request(`${base}/api/stories/save`, {
    method: 'POST',
    body: JSON.stringify({ title: 'The box of photographs', text: html }),
    headers: { cookie },
  });
  if (res.status !== 201) throw new Error(`save: ${res.status} ${res.text}`);
}

/** A line of words between photos, as an album-like story has: short, so that page 1 holds as many photos as a page may. */
const paragraph = (i: number) => `<p>${Array.from({ length: 6 }, (_, w) => `memory${i}w${w}`).join(' ')}.</p>`;

/** The story's text: a paragraph, then each photo with a caption and a paragraph after it. */
function storyHtml(names: string[] | null, count: number): string {
  const parts = [paragraph(0)];
  for (let i = 0; i < count; i++) {
    if (names)
      parts.push(
        `<figure><img src="/media/${names[i]}" alt="Photograph ${i + 1}"><figcaption>Photograph ${i + 1}, summer 19${50 + i}</figcaption></figure>`,
      );
    parts.push(paragraph(i + 1));
  }
  return parts.join('');
}

/** Observers installed before the page's own scripts: every layout shift and LCP candidate is kept. */
const OBSERVE = `
  window.__shifts = [];
  window.__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: e.startTime, el: e.element ? e.element.tagName + '.' + (e.element.className || '') : '', url: e.url }); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface MediaEntry {
  name: string;
  transferSize: number;
}

async function readAt(
  browser: Browser,
  url: string,
  label: string,
  viewport: { width: number; height: number },
  dpr: number,
): Promise<ReaderFigures> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: dpr, isMobile: dpr > 1, hasTouch: dpr > 1 });
  try {
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Settle: hydration, then whatever loads without scrolling.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const media = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => new URL(e.name).pathname.startsWith('/media/'))
          .map((e) => ({ name: e.name, transferSize: e.transferSize })),
      ) as Promise<MediaEntry[]>;
    const before = await media();
    const lcp = (await page.evaluate('window.__lcp')) as { t: number; el: string; url: string }[];
    // Scroll to the end in screen-sized steps, as a reader does, letting lazy images load and lay out.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += Math.round(viewport.height * 0.8)) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(250);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const after = await media();
    const shifts = (await page.evaluate('window.__shifts')) as number[];
    const last = lcp.at(-1);
    const sum = (xs: MediaEntry[]) => xs.reduce((s, e) => s + e.transferSize, 0);
    return {
      viewport: label,
      imagesBeforeScroll: before.length,
      imageBytesBeforeScroll: sum(before),
      imagesAfterScroll: after.length,
      imageBytesAfterScroll: sum(after),
      cls: shifts.reduce((s, v) => s + v, 0),
      lcpMs: last?.t ?? Number.NaN,
      lcpElement: last ? `${last.el}${last.url ? ` ${new URL(last.url).pathname}` : ''}` : 'none',
    };
  } finally {
    await context.close();
  }
}

const READERS = [
  { label: 'phone 390x844 @3x', viewport: { width: 390, height: 844 }, dpr: 3 },
  { label: 'desktop 1280x800 @1x', viewport: { width: 1280, height: 800 }, dpr: 1 },
] as const;

export async function photoPageFigures(
  base: string,
  opts: { photos: number; lighthouseRuns: number; log: (line: string) => void },
): Promise<PhotoPageFigures> {
  const { log } = opts;
  const withCookie = await person(base, 'album_author');
  const withoutCookie = await person(base, 'plain_author');
  const names: string[] = [];
  let uploadBytes = 0;
  let originalsBytes = 0;
  const t0 = nowMs();
  for (let i = 0; i < opts.photos; i++) {
    const [w, h] = SHAPES[i % SHAPES.length]!;
    const jpeg = await cameraLikeJpeg(w, h);
    uploadBytes += jpeg.length;
    const stored = await uploadPhoto(base, withCookie, jpeg);
    names.push(stored.name);
    originalsBytes += stored.bytes;
  }
  log(`  ${opts.photos} photos uploaded in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
  await publishStory(base, withCookie, storyHtml(names, opts.photos));
  await publishStory(base, withoutCookie, storyHtml(null, opts.photos));
  const withUrl = `${base}/story/album_author/page/1`;
  const withoutUrl = `${base}/story/plain_author/page/1`;
  const page1 = await request(`${base}/api/stories/page`, {
    method: 'POST',
    body: JSON.stringify({ username: 'album_author', page_number: 1 }),
  });
  const photosOnPage1 = (page1.text.match(/<figure/g) ?? []).length;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const readers: ReaderFigures[] = [];
  const readersWithoutPhotos: ReaderFigures[] = [];
  try {
    // A warm-up visit of each page (thrown away): the server's first render of a page and Chromium's first
    // page are not what a reader measures.
    for (const url of [withUrl, withoutUrl]) await readAt(browser, url, 'warm-up', READERS[1].viewport, 1);
    for (const r of READERS) {
      log(`  reading at ${r.label}…`);
      readers.push(await readAt(browser, withUrl, r.label, r.viewport, r.dpr));
      readersWithoutPhotos.push(await readAt(browser, withoutUrl, r.label, r.viewport, r.dpr));
    }
  } finally {
    await browser.close();
  }
  let lighthouse: PhotoPageFigures['lighthouse'];
  try {
    log('  Lighthouse desktop, with photos…');
    const withPhotos = await measurePage(withUrl, 'desktop', opts.lighthouseRuns);
    log('  Lighthouse desktop, without photos…');
    const withoutPhotos = await measurePage(withoutUrl, 'desktop', opts.lighthouseRuns);
    lighthouse = { withPhotos, withoutPhotos };
  } catch (err) {
    lighthouse = { error: (err as Error).message };
  }
  return {
    photos: opts.photos,
    photosOnPage1,
    uploadBytes,
    originalsBytes,
    readers,
    readersWithoutPhotos,
    lighthouse,
    loadAverage: os.loadavg(),
  };
}

/** Lines for the report (and docs/performance.md). */
export function photoPageLines(f: PhotoPageFigures): string[] {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const lines = [
    `${f.photos} photos uploaded (${kb(f.uploadBytes)} sent, originals stored ${kb(f.originalsBytes)}); page 1 holds ${f.photosOnPage1} of them`,
  ];
  for (const [i, r] of f.readers.entries()) {
    const plain = f.readersWithoutPhotos[i]!;
    lines.push(
      `${r.viewport}: before scrolling ${r.imagesBeforeScroll} images, ${kb(r.imageBytesBeforeScroll)}; after scrolling to the end ${r.imagesAfterScroll} images, ${kb(r.imageBytesAfterScroll)}; CLS ${r.cls.toFixed(4)}; LCP ${r.lcpMs.toFixed(0)} ms (${r.lcpElement}); without photos: CLS ${plain.cls.toFixed(4)}, LCP ${plain.lcpMs.toFixed(0)} ms (${plain.lcpElement})`,
    );
  }
  const lh = f.lighthouse;
  if ('error' in lh) lines.push(`Lighthouse desktop: failed: ${lh.error}`);
  else {
    const fmt = (m: PageMetrics) =>
      `LCP ${m.lcpMs.toFixed(0)} ms, FCP ${m.fcpMs.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}, TBT ${m.tbtMs.toFixed(0)} ms (score ${Math.round(m.performanceScore * 100)})`;
    lines.push(`Lighthouse desktop preset, with photos: ${fmt(lh.withPhotos)}`);
    lines.push(`Lighthouse desktop preset, same text without photos: ${fmt(lh.withoutPhotos)}`);
  }
  lines.push(`load average at the end: ${f.loadAverage.map((l) => l.toFixed(1)).join(', ')}`);
  return lines;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photo-page-'));
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
    const figures = await photoPageFigures(server.base, {
      photos: num('photos', 20),
      lighthouseRuns: num('lighthouse-runs', 3),
      log: (line) => console.log(line),
    });
    for (const line of photoPageLines(figures)) console.log(line);
    console.log(JSON.stringify(figures));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('photo-page.ts')) await main();
