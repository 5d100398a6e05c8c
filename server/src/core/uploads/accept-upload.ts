import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/schemas';
import { writeTransaction } from '../../db/transaction';
import type { RateRuleName } from '../../ports/rate-limiter';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { makeSizes, ORIGINAL_NAME, SIZE_NAME, formatSizes, type MadeSize } from './photo-sizes';
import { loadSharp, processImage } from './process-image';
import { quotaExceeded, usedBytes } from './photo-quota';

export const NO_FILE = 'Choose a JPEG or PNG image to upload.';

/**
 * A 40-megapixel image takes up to ~0.8 GB while it is re-encoded: two at a time on this 2-core size. Its sizes
 * are made in the same slot, so at most two images are ever being worked on, and each of sharp's steps holds
 * one of libuv's four threads: two stay free for file reads of the media route (docs/decisions/0016-photos.md).
 */
const imageJobs = pLimit(2);

export interface AcceptedUpload {
  name: string;
  width: number;
  height: number;
  /** The stored original's bytes. */
  bytes: number;
  /** The person's space in use after this upload (originals plus sizes), and their quota. */
  used_bytes: number;
  quota_bytes: number;
}

export interface UploadOptions {
  /** Which budget the upload spends: pictures and banners, or photos in a story (more of them, ADR 0016). */
  rates?: [RateRuleName, RateRuleName];
}

/**
 * Checks and re-encodes an image (JPEG/PNG by content, size and pixel limits, upright, metadata stripped), makes
 * its responsive sizes, stores them all under a random name and records who owns it, within the person's quota.
 */
export async function acceptUpload(
  deps: CoreDeps,
  actor: SignedInActor,
  file: Buffer | null,
  options: UploadOptions = {},
): Promise<AcceptedUpload> {
  const { userId } = actor;
  if (!file || file.length === 0) throw new AppError('BAD_INPUT', NO_FILE, { file: NO_FILE });
  const [perAccount, perClient] = options.rates ?? ['uploadPerAccount', 'uploadPerClient'];
  await limitRate(deps, [
    [perAccount, String(userId)],
    [perClient, actor.clientKey],
  ]);
  const quota = deps.config.photoQuotaBytes;
  const usedBefore = await usedBytes(deps.db, userId);
  if (usedBefore >= quota) throw quotaExceeded(quota, usedBefore);

  const stem = randomBytes(16).toString('hex');
  const { image, sizes } = await imageJobs(async () => {
    const image = await processImage(file, { maxBytes: LIMITS.uploadBytesMax, maxPixels: LIMITS.uploadPixelsMax });
    const sizes = await makeSizes(await loadSharp(), image.body, stem, image.width);
    return { image, sizes };
  });
  const name = `${stem}.${image.ext}`;
  const sizesBytes = sizes.files.reduce((sum, f) => sum + f.body.length, 0);
  const total = image.body.length + sizesBytes;
  if (usedBefore + total > quota) throw quotaExceeded(quota, usedBefore);

  const files: MadeSize[] = [{ name, body: image.body, contentType: image.contentType as MadeSize['contentType'] }, ...sizes.files];
  const removeFiles = () => Promise.all(files.map((f) => deps.blobs.delete(f.name).catch(() => undefined)));
  try {
    // Every put settles before any failure is acted on, so the clean-up below cannot run ahead of a write.
    const puts = await Promise.allSettled(files.map((f) => deps.blobs.put(f.name, f.body, f.contentType)));
    const failed = puts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const usedAfter = await writeTransaction(deps, async (trx) => {
      // Checked again where it cannot race: two uploads at once must not both squeeze under the quota.
      const used = await usedBytes(trx, userId);
      if (used + total > quota) throw quotaExceeded(quota, used);
      await trx
        .insertInto('uploads')
        .values({
          name,
          user_id: userId,
          content_type: image.contentType,
          bytes: image.body.length,
          width: image.width,
          height: image.height,
          created_at: deps.clock.now(),
          sizes: formatSizes(sizes.widths),
          sizes_bytes: sizesBytes,
        })
        .execute();
      return used + total;
    });
    return { name, width: image.width, height: image.height, bytes: image.body.length, used_bytes: usedAfter, quota_bytes: quota };
  } catch (err) {
    await removeFiles();
    throw err;
  }
}

/** A stored image or one of its sizes for the media route, or null (unknown or malformed names never reach the store). */
export async function readMedia(deps: CoreDeps, name: string) {
  if (!isMediaName(name)) return null;
  return deps.blobs.get(name);
}

/** Where browsers fetch an image directly when the store serves files itself (a public base URL), else null. */
export function publicMediaUrl(deps: CoreDeps, name: string): string | null {
  if (!isMediaName(name)) return null;
  return deps.blobs.publicUrl(name);
}

/** An original (`<32 hex>.jpg|png`) or one of its sizes (`<32 hex>-960.webp`). */
export function isMediaName(name: string): boolean {
  return ORIGINAL_NAME.test(name) || SIZE_NAME.test(name);
}
