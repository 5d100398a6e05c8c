import type { Metadata, OutputInfo, SharpOptions } from 'sharp';
import fs from 'node:fs/promises';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';

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
  /** Longest accepted side, in pixels. */
  maxSide: number;
  /** Most times the short side the long side may be. */
  maxAspect: number;
}

export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxBytes: LIMITS.uploadBytesMax,
  maxPixels: LIMITS.uploadPixelsMax,
  maxSide: LIMITS.uploadSideMax,
  maxAspect: LIMITS.uploadAspectMax,
});

/**
 * An upload as the transport received it: in memory, or spooled to a file (a request body is never held whole in
 * memory: docs/decisions/0016-photos.md). sharp reads either; a file is read by libvips itself.
 */
export type ImageInput = Buffer | { path: string; bytes: number };

/** What the header says, checked against every limit; nothing has been decoded yet. */
export interface InspectedImage {
  kind: ImageKind;
  width: number;
  height: number;
}

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
  tooLongSide: `The image is wider or taller than ${LIMITS.uploadSideMax.toLocaleString('en-US')} pixels.`,
  tooThin: `The image is too long and narrow: its long side may be at most ${LIMITS.uploadAspectMax} times its short side.`,
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

/** The first bytes of the upload (its magic bytes and HEIC brand), and its length. */
async function headOf(input: ImageInput): Promise<{ head: Buffer; bytes: number }> {
  if (Buffer.isBuffer(input)) return { head: input.subarray(0, 16), bytes: input.length };
  const file = await fs.open(input.path, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), bytes: input.bytes };
  } finally {
    await file.close();
  }
}

const sharpInput = (input: ImageInput) => (Buffer.isBuffer(input) ? input : input.path);

const sharpOptionsFor = (limits: ImageLimits): SharpOptions => ({
  // Refuse to decode more pixels than allowed even if the header check below were bypassed.
  limitInputPixels: limits.maxPixels,
  // Untrusted input: abort on any decoder warning (truncated or corrupt data).
  failOn: 'warning',
});

/**
 * Steps 1 to 3: bytes, type by content, and the header's dimensions against every limit, without decoding a pixel.
 * The pixel limit alone let a 39,999,999 x 1 PNG of 39 KB through to a 32-second decode (issue #23): each side and
 * the ratio of the sides are bounded as well.
 */
export async function inspectImage(input: ImageInput, given: Partial<ImageLimits> = {}): Promise<InspectedImage> {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...given };
  const { head, bytes } = await headOf(input);
  // 1. Size, before anything looks at the content.
  if (bytes > limits.maxBytes) {
    throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyBytes);
  }

  // 2. Type, by magic bytes only (SVG, GIF, WebP, HTML, text renamed .png, ... are all refused here).
  const kind = sniffImageKind(head);
  // The prebuilt sharp/libvips decodes HEIF only with AV1 inside (AVIF), not the HEVC of phone photos
  // (sharp.format.heif.input.fileSuffix is ['.avif']; docs/decisions/0016-photos.md): say what to do instead.
  if (!kind && isHeic(head)) throw new AppError('BAD_INPUT', IMAGE_MESSAGES.heic);
  if (!kind) {
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_MESSAGES.unsupported);
  }

  // 3. Dimensions from the header only; nothing is decoded yet.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(sharpInput(input), sharpOptionsFor(limits)).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    throw new AppError('BAD_INPUT', IMAGE_MESSAGES.unreadable);
  }
  // The magic bytes and the decoder must agree (a PNG signature glued onto something else, say).
  if (meta.format !== kind) {
    throw new AppError('UNSUPPORTED_MEDIA', IMAGE_MESSAGES.unsupported);
  }
  const { width, height } = meta;
  if (!(width > 0) || !(height > 0)) {
    throw new AppError('BAD_INPUT', IMAGE_MESSAGES.unreadable);
  }
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long > limits.maxSide) throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooLongSide);
  if (long > short * limits.maxAspect) throw new AppError('BAD_INPUT', IMAGE_MESSAGES.tooThin);
  if (width * height > limits.maxPixels) {
    throw new AppError('TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
  }
  return { kind, width, height };
}

/**
 * Step 4, for an image `inspectImage` passed: decode and re-encode. sharp writes no metadata unless
 * withMetadata/keepExif/keepIccProfile/... is called, so EXIF (GPS included), XMP, IPTC, PNG text chunks and ICC
 * profiles are all dropped; pixels are converted to sRGB so colours stay right without the profile.
 */
export async function reencodeImage(
  input: ImageInput,
  { kind }: InspectedImage,
  given: Partial<ImageLimits> = {},
): Promise<ProcessedImage> {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...given };
  const sharp = await loadSharp();
  const pipeline = sharp(sharpInput(input), { ...sharpOptionsFor(limits), autoOrient: true }).timeout({
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

/** Every check, then the re-encode. */
export async function processImage(input: ImageInput, limits: Partial<ImageLimits> = {}): Promise<ProcessedImage> {
  return reencodeImage(input, await inspectImage(input, limits), limits);
}
