// Photos made with sharp for tests and the bench (no binary files are committed).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A JPEG with a left-to-right gradient (red to blue), so a rotation shows in the pixels and not only in the
 * dimensions; `orientation` writes that EXIF tag (6: to be turned 90° clockwise to view).
 */
export async function gradientJpeg(
  width: number,
  height: number,
  options: { orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((255 * (width - 1 - x)) / Math.max(1, width - 1));
      raw[i + 1] = ((y * 7) % 256) >> 2;
      raw[i + 2] = Math.round((255 * x) / Math.max(1, width - 1));
    }
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: options.quality ?? 90 });
  if (options.orientation) img.withMetadata({ orientation: options.orientation });
  return img.toBuffer();
}

/** A camera-like photo: gradients with noise over them (noise keeps the encoders honest), `width` x `height`. */
export async function cameraLikeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian' as const, mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  const gradient = await gradientJpeg(width, height, { quality: 95 });
  return sharp(gradient)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * A real greyscale PNG of black rows, deflated to almost nothing (the 39 KB PNG of issue #23 at 39,999,999 x 1):
 * written by hand because sharp will not make an image of such sides.
 */
export function pngWithRows(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
