// Photos (issue #12): the upload pipeline's cost on a 12 MP camera-like JPEG, measured in this process, and the
// AVIF question (bytes against encode time) that docs/decisions/0016-photos.md records.
import sharp from 'sharp';
import { makeSizes, PHOTO_WIDTHS } from '../../server/src/core/uploads/photo-sizes';
import { processImage } from '../../server/src/core/uploads/process-image';
import { cameraLikeJpeg } from '../../tests/support/photo-fixtures';
import { median, nowMs } from './stats';

/** A 4000 x 3000 photo (12 MP) at camera quality: gradients under noise, so no encoder gets it for free. */
export function twelveMegapixelJpeg(): Promise<Buffer> {
  return cameraLikeJpeg(4000, 3000);
}

export interface PipelineFigures {
  inputBytes: number;
  /** Re-encoding the original (orientation, metadata stripped), then making its six sizes: median ms. */
  processMs: number;
  sizesMs: number;
  originalBytes: number;
  sizesBytes: Record<string, number>;
}

export async function pipelineFigures(input: Buffer, runs = 3): Promise<PipelineFigures> {
  const processTimes: number[] = [];
  const sizeTimes: number[] = [];
  let originalBytes = 0;
  const sizesBytes: Record<string, number> = {};
  for (let i = 0; i < runs; i++) {
    const t0 = nowMs();
    const image = await processImage(input, { maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000 });
    const t1 = nowMs();
    const sizes = await makeSizes(sharp, image.body, '0'.repeat(32), image.width);
    const t2 = nowMs();
    processTimes.push(t1 - t0);
    sizeTimes.push(t2 - t1);
    originalBytes = image.body.length;
    for (const f of sizes.files) sizesBytes[f.name.slice(33)] = f.body.length;
  }
  return { inputBytes: input.length, processMs: median(processTimes), sizesMs: median(sizeTimes), originalBytes, sizesBytes };
}

export interface FormatFigure {
  format: string;
  width: number;
  bytes: number;
  ms: number;
}

/**
 * Each width in WebP q75 (what we make), JPEG q80 mozjpeg (what we make) and AVIF at sharp's default quality
 * (q50, effort 4), from the same resized pixels: bytes and encode time, median of `runs`.
 */
export async function formatComparison(original: Buffer, runs = 3): Promise<FormatFigure[]> {
  const out: FormatFigure[] = [];
  for (const width of PHOTO_WIDTHS) {
    const { data, info } = await sharp(original).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encoders: [string, () => Promise<Buffer>][] = [
      ['webp q75', () => sharp(data, raw).webp({ quality: 75 }).toBuffer()],
      ['jpeg q80', () => sharp(data, raw).jpeg({ quality: 80, mozjpeg: true }).toBuffer()],
      ['avif q50', () => sharp(data, raw).avif({ quality: 50 }).toBuffer()],
    ];
    for (const [format, encode] of encoders) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = nowMs();
        bytes = (await encode()).length;
        times.push(nowMs() - t0);
      }
      out.push({ format, width, bytes, ms: median(times) });
    }
  }
  return out;
}
