/**
 * Responsive sizes of an upload (docs/decisions/0016-photos.md): 480, 960 and 1600 px wide, each as WebP and
 * JPEG, made once at upload time from the re-encoded original and stored next to it under `<stem>-<w>.webp` and
 * `<stem>-<w>.jpg`. Only sizes narrower than the original are made; readers of a smaller photo get the original.
 */

export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export type SizeFormat = 'webp' | 'jpg';
export const SIZE_FORMATS: readonly SizeFormat[] = ['webp', 'jpg'];

/** An original's name: 32 hex characters and .jpg or .png. */
export const ORIGINAL_NAME = /^([a-f0-9]{32})\.(jpg|png)$/;
/** A size's name: the original's stem, its width, .webp or .jpg. */
export const SIZE_NAME = /^([a-f0-9]{32})-(480|960|1600)\.(webp|jpg)$/;

export function stemOf(name: string): string | null {
  return ORIGINAL_NAME.exec(name)?.[1] ?? null;
}

export function sizeName(stem: string, width: number, format: SizeFormat): string {
  return `${stem}-${width}.${format}`;
}

/** The widths made for an original this wide. */
export function widthsFor(originalWidth: number): PhotoWidth[] {
  return PHOTO_WIDTHS.filter((w) => w < originalWidth);
}

/** The uploads.sizes column <-> widths. */
export function parseSizes(column: string): number[] {
  return column === '' ? [] : column.split(',').map(Number);
}

export function formatSizes(widths: readonly number[]): string {
  return widths.join(',');
}

/** Every name a size of this original could have (for removal: whichever exist go). */
export function allSizeNames(name: string): string[] {
  const stem = stemOf(name);
  if (!stem) return [];
  return PHOTO_WIDTHS.flatMap((w) => SIZE_FORMATS.map((f) => sizeName(stem, w, f)));
}

export interface MadeSize {
  name: string;
  body: Buffer;
  contentType: 'image/webp' | 'image/jpeg';
}

/** WebP q75 and JPEG q80 (mozjpeg) look alike at these sizes; measured in docs/performance.md, "Photos". */
const WEBP_QUALITY = 75;
const JPEG_QUALITY = 80;

/**
 * Makes the sizes of a re-encoded original (already upright, without metadata). Each width is resized once to
 * raw pixels and encoded twice; all of it runs on libuv's threads inside sharp, one step at a time, within the
 * caller's job slot.
 */
export async function makeSizes(
  sharp: typeof import('sharp').default,
  original: Buffer,
  stem: string,
  originalWidth: number,
): Promise<{ widths: PhotoWidth[]; files: MadeSize[] }> {
  const widths = widthsFor(originalWidth);
  const files: MadeSize[] = [];
  for (const width of widths) {
    const { data, info } = await sharp(original).resize({ width, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // One after the other: each encode holds one of libuv's four threads, and with two image jobs at most two
    // are taken, leaving the others to the media route's file reads (docs/decisions/0016-photos.md).
    const webp = await sharp(data, raw).webp({ quality: WEBP_QUALITY }).toBuffer();
    const jpeg = await sharp(data, raw).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
    files.push({ name: sizeName(stem, width, 'webp'), body: webp, contentType: 'image/webp' });
    files.push({ name: sizeName(stem, width, 'jpg'), body: jpeg, contentType: 'image/jpeg' });
  }
  return { widths, files };
}
