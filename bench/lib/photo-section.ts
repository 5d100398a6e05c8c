// The bench section for issue #12 (docs/performance.md, "Photos (issue #12)"): uploads of a 12 MP photo through
// POST /uploads/photo (re-encode plus six sizes), and a story page read all the while: reads must keep being
// answered while images are being worked on (sharp on libuv's threads, two images at a time).
import http from 'node:http';
import { cookieHeader, request, trpcQueryPath } from './http-client';
import { formatComparison, pipelineFigures, twelveMegapixelJpeg } from './photo-encode';
import { kb, mb, ms, type Report } from './report';
import { memoryOf, RssSampler } from './server-process';
import { nowMs, summarize, type Summary } from './stats';

export interface PhotoSectionOptions {
  base: string;
  /** The server's process, for its memory. */
  pid: number;
  /** A signed-in person's `access_token=…` pair (uploads go to their quota). */
  cookie: string;
  /** A story whose page 1 is read meanwhile. */
  username: string;
  /** Uploads in all, and how many are sent at once. */
  uploads: number;
  concurrency: number;
  /** Leave out the in-process encode figures and the AVIF comparison (only the uploads over HTTP: memory). */
  uploadsOnly?: boolean;
  log: (line: string) => void;
}

/** multipart/form-data with one `file` field, as the editor's XMLHttpRequest sends it. */
function multipart(file: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return { body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** POST /uploads/photo with a binary body (http-client's request sends text only). */
function upload(base: string, cookie: string, file: Buffer): Promise<{ ms: number; status: number; text: string }> {
  const { body, type } = multipart(file);
  const t0 = nowMs();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/uploads/photo`,
      { method: 'POST', headers: { ...cookieHeader(cookie), 'content-type': type, 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ms: nowMs() - t0, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error('upload timed out')));
    req.end(body);
  });
}

/** Reads `path` one request after another until `until()` says stop; latencies in ms. */
async function readWhile(base: string, path: string, until: () => boolean): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  while (!until()) {
    const t0 = nowMs();
    const reply = await request(base + path).catch(() => ({ status: 0 }));
    latencies.push(nowMs() - t0);
    if (reply.status !== 200) failures++;
  }
  return { latencies, failures };
}

const lat = (s: Summary) => `p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, max ${ms(s.max)} ms (${s.n} reads)`;

export async function photoSection(report: Report, o: PhotoSectionOptions): Promise<Record<string, unknown>> {
  report.section('photos (issue #12): a 12 MP JPEG');
  const photo = await twelveMegapixelJpeg();

  let pipeline: Awaited<ReturnType<typeof pipelineFigures>> | null = null;
  let formats: Awaited<ReturnType<typeof formatComparison>> = [];
  if (!o.uploadsOnly) {
    o.log('  pipeline in this process…');
    pipeline = await pipelineFigures(photo);
    report.info('12 MP JPEG (4000 x 3000) as uploaded', kb(pipeline.inputBytes));
    report.info('re-encode (upright, metadata stripped), median of 3', `${ms(pipeline.processMs)} ms -> ${kb(pipeline.originalBytes)}`);
    report.info('six sizes (480/960/1600 WebP + JPEG), median of 3', `${ms(pipeline.sizesMs)} ms`);
    report.info(
      '  sizes',
      Object.entries(pipeline.sizesBytes)
        .map(([n, b]) => `${n} ${kb(b)}`)
        .join(', '),
    );

    o.log('  WebP / JPEG / AVIF…');
    formats = await formatComparison(photo);
    for (const f of formats) report.info(`  ${f.width} px ${f.format}`, `${kb(f.bytes)}, ${ms(f.ms)} ms`);
  }

  // One photo first: its 960 px WebP is the media file read meanwhile (the media route reads it from the store,
  // on libuv's threads, which the image work shares).
  const first = await upload(o.base, o.cookie, photo);
  if (first.status !== 201) throw new Error(`upload answered ${first.status}: ${first.text.slice(0, 200)}`);
  const mediaPath = `/media/${(JSON.parse(first.text) as { name: string }).name.slice(0, 32)}-960.webp`;
  const pagePath = trpcQueryPath('stories.page', { username: o.username, page_number: 1 });

  o.log('  reads alone…');
  const stopAt = nowMs() + 5000;
  const [alone, mediaAlone] = await Promise.all([
    readWhile(o.base, pagePath, () => nowMs() > stopAt),
    readWhile(o.base, mediaPath, () => nowMs() > stopAt),
  ]);
  const aloneSummary = summarize(alone.latencies);
  const mediaAloneSummary = summarize(mediaAlone.latencies);
  report.info('story page 1 read alone (one at a time, 5 s)', lat(aloneSummary));
  report.info('960 px WebP from /media alone (one at a time, 5 s)', lat(mediaAloneSummary));

  o.log(`  ${o.uploads} uploads, ${o.concurrency} at a time, with reads…`);
  const rssBefore = memoryOf(o.pid).rss;
  const sampler = new RssSampler(o.pid, 50);
  const uploadTimes: number[] = [];
  const statuses: number[] = [];
  let started = 0;
  let done = false;
  const worker = async () => {
    while (started < o.uploads) {
      started++;
      const r = await upload(o.base, o.cookie, photo);
      uploadTimes.push(r.ms);
      statuses.push(r.status);
      if (r.status !== 201) o.log(`    upload answered ${r.status}: ${r.text.slice(0, 200)}`);
    }
  };
  const t0 = nowMs();
  const reads = readWhile(o.base, pagePath, () => done);
  const mediaReads = readWhile(o.base, mediaPath, () => done);
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const wallMs = nowMs() - t0;
  done = true;
  const under = await reads;
  const mediaUnder = await mediaReads;
  sampler.stop();
  const underSummary = summarize(under.latencies);
  const mediaUnderSummary = summarize(mediaUnder.latencies);
  const uploadSummary = summarize(uploadTimes);
  report.info(
    `upload + sizes over HTTP (${o.uploads} uploads, ${o.concurrency} at a time)`,
    `p50 ${ms(uploadSummary.p50)} ms, max ${ms(uploadSummary.max)} ms; ${statuses.filter((s) => s === 201).length} x 201; ${(o.uploads / (wallMs / 1000)).toFixed(2)} photos/s`,
  );
  report.info('server RSS: before -> peak during uploads', `${mb(rssBefore)} -> ${mb(sampler.peak())}`);
  report.judged(
    'story page 1 read during uploads',
    lat(underSummary),
    'all answered; p95 < 100 ms',
    under.failures === 0 && underSummary.p95 < 100,
  );
  report.judged(
    '960 px WebP from /media during uploads',
    lat(mediaUnderSummary),
    'all answered; p95 < 100 ms',
    mediaUnder.failures === 0 && mediaUnderSummary.p95 < 100,
  );
  return {
    mediaAlone: mediaAloneSummary,
    mediaUnder: mediaUnderSummary,
    mediaFailures: mediaUnder.failures,
    pipeline,
    formats,
    alone: aloneSummary,
    under: underSummary,
    readFailures: under.failures,
    uploads: uploadSummary,
    rssBefore,
    rssPeak: sampler.peak(),
    wallMs,
  };
}
