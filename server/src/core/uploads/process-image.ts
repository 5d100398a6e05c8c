import type { Metadata, OutputInfo, SharpOptions } from 'sharp';
import { AppError } from '../../contract/errors';

/**
 * Upload image pipeline (docs/architecture.md §5): accept JPEG or PNG only (checked by content, never by name or
 * declared type), enforce byte and pixel limits before decoding, then re-encode with sharp so that no
 * metadata (EXIF incl. GPS, XMP, IPTC, PNG text chunks, ICC) survives. The image is turned upright by its
 * EXIF orientation first, so dropping the orientation tag does not leave it on its side.
 *
 * sharp/libvips does its work on the libuv thread pool, so the event loop stays free while an image is
 * being processed; `timeout` below bounds how long one image may hold a worker.
 */

/** sharp and libvips take ~33 MB of memory once loaded: only a server that receives an image pays for them. */
let sharpModule: Promise<typeof import('sharp')> | undefined;
export const loadSharp = async () => {
  sharpModule ??= import('sharp').then((m) => {
    // Memory during uploads (docs/performance.md, "Photos", memory): libvips' operation cache keeps the decoded
    // images of finished jobs, which an upload pipeline never asks for again (each photo is new).
    m.default.cache(false);

    return m;
  });
  return (await sharpModule).default;
};

export interface ImageLimits {
  /** Largest accepted upload, in bytes. */
  maxBytes: number;
  /** Largest accepted width × height. */
  maxPixels: number;
}

export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
});

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

type ImageKind = 'jpeg' | 'png';

export const IMAGE_MESSAGES = {
  tooManyBytes: 'The image is larger than 10 MB.',
  unsupported: 'Only JPEG and PNG images are accepted.',
  tooManyPixels: 'The image is larger than 40 megapixels.',
  unreadable: 'The image could not be read. Please choose another JPEG or PNG file.',
  tooSlow: 'The image took too long to process. Please choose a smaller JPEG or PNG file.',
  heic: 'Photos in HEIC format cannot be read yet. On an iPhone, choose Most Compatible in Settings > Camera > Formats, or share the photo as JPEG.',
} as const;

/** ISO-BMFF brands of HEIC/HEIF photos (iPhones and many Android phones); AVIF's own brands are not among them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** True when the file is a HEIC/HEIF photo (an `ftyp` box with a HEIF brand), by its first bytes. */
export function isHeic(input: Uint8Array): boolean {
  if (input.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...input.subarray(from, to));
  return ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12));
}

/** Seconds one image may spend being re-encoded before it is given up on. */
const PROCESS_TIMEOUT_SECONDS = 60;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format given by the file's first bytes, or null for anything other than JPEG or PNG. */
export function sniffImageKind(input: Uint8Array): ImageKind | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => input[i] === byte)) return 'png';
  return null;
}

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

function isTimeoutError(err: unknown): boolean {
  return err instanceof Error && /timeout/i.test(err.message);
}

export async function processImage(input: Buffer, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<ProcessedImage> {
  // 1. Size, before anything looks at the content.
  if (input.length > limits.maxBytes) {
    throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyBytes);
  }

  // 2. Type, by magic bytes only (SVG, GIF, WebP, HTML, text renamed .png, ... are all refused here).
  const kind = sniffImageKind(input);
  // The prebuilt sharp/libvips decodes HEIF only with AV1 inside (AVIF), not the HEVC of phone photos
  // (sharp.format.heif.input.fileSuffix is ['.avif']; docs/decisions/0016-photos.md): say what to do instead.
  if (!kind && isHeic(input)) throw new AppError('BAD_INPUT', IMAGE_MESSAGES.heic);
  if (!kind) {
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_MESSAGES.unsupported);
  }

  const sharpOptions: SharpOptions = {
    // Refuse to decode more pixels than allowed even if the header check below were bypassed.
    limitInputPixels: limits.maxPixels,
    // Untrusted input: abort on any decoder warning (truncated or corrupt data).
    failOn: 'warning',
  };

  // 3. Dimensions from the header only; nothing is decoded yet.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, sharpOptions).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    throw new AppError('BAD_INPUT', IMAGE_MESSAGES.unreadable);
  }
  // The magic bytes and the decoder must agree (a PNG signature glued onto something else, say).
  if (meta.format !== kind) {
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_MESSAGES.unsupported);
  }
  if (!(meta.width > 0) || !(meta.height > 0)) {
    throw new AppError('BAD_INPUT', IMAGE_MESSAGES.unreadable);
  }
  if (meta.width * meta.height > limits.maxPixels) {
    throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
  }

  // 4. Decode and re-encode. sharp writes no metadata unless withMetadata/keepExif/keepIccProfile/... is
  //    called, so EXIF (GPS included), XMP, IPTC, PNG text chunks and ICC profiles are all dropped; pixels
  //    are converted to sRGB so colours stay right without the profile.
  const pipeline = sharp(input, { ...sharpOptions, autoOrient: true }).timeout({
    seconds: PROCESS_TIMEOUT_SECONDS,
  });
  if (kind === 'jpeg') {
    // mozjpeg (trellis quantisation, progressive) gives ~30% smaller files than plain libjpeg; scan
    // optimisation is left off because it costs ~35% more CPU for ~5% size.
    pipeline.jpeg({ quality: 85, mozjpeg: true, optimiseScans: false });
  } else {
    pipeline.png({ compressionLevel: 9 });
  }

  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (isPixelLimitError(err)) throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    if (isTimeoutError(err)) throw new AppError('UNPROCESSABLE', IMAGE_MESSAGES.tooSlow);
    throw new AppError('BAD_INPUT', IMAGE_MESSAGES.unreadable);
  }

  return kind === 'jpeg'
    ? { body: result.data, contentType: 'image/jpeg', ext: 'jpg', width: result.info.width, height: result.info.height }
    : { body: result.data, contentType: 'image/png', ext: 'png', width: result.info.width, height: result.info.height };
}
