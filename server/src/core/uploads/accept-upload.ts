import { randomBytes } from 'node:crypto';
import { AppError } from '../../contract/errors';
import { writeTransaction } from '../../db/transaction';
import type { RateRuleName } from '../../ports/rate-limiter';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { makeSizes, ORIGINAL_NAME, SIZE_NAME, formatSizes, type MadeSize } from './photo-sizes';
import { imageQueue } from './image-queue';
import { inspectImage, loadSharp, reencodeImage, type ImageInput } from './process-image';
import { quotaExceeded, usedBytes } from './photo-quota';

export const NO_FILE = 'Choose a JPEG or PNG image to upload.';

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
  /** The admission `admitUpload` gave before the body was read; without one, the upload is admitted here. */
  admitted?: Admission;
}

/** An upload let in before its body is read; `end` is called once it is answered, whatever the answer. */
export interface Admission {
  end(): void;
  /** Its body has arrived: the place it held in line passes to the image (image-queue.ts). */
  arrived(): void;
}

/**
 * What can be decided before the body is read (issue #23: 40 bodies of 10 MB were buffered whole before the rate
 * limit): the person's uploads under way (429), a full line of images for a body that is not small (503), the rate
 * budget (429), a full quota (413). `declaredBytes` is the body's declared length, when it has one.
 */
export async function admitUpload(
  deps: CoreDeps,
  actor: SignedInActor,
  options: Pick<UploadOptions, 'rates'> & { declaredBytes?: number } = {},
): Promise<Admission> {
  const { userId } = actor;
  const leave = imageQueue.enter(String(userId));
  let arrived: () => void = () => undefined;
  const end = () => {
    arrived();
    leave();
  };
  try {
    arrived = imageQueue.reservePlace(options.declaredBytes);
    const [perAccount, perClient] = options.rates ?? ['uploadPerAccount', 'uploadPerClient'];
    await limitRate(deps, [
      [perAccount, String(userId)],
      [perClient, actor.clientKey],
    ]);
    const quota = deps.config.photoQuotaBytes;
    const used = await usedBytes(deps.db, userId);
    if (used >= quota) throw quotaExceeded(quota, used);
  } catch (err) {
    end();
    throw err;
  }
  return { end, arrived };
}

/**
 * Checks and re-encodes an image (JPEG/PNG by content, size and pixel limits, upright, metadata stripped), makes
 * its responsive sizes, stores them all under a random name and records who owns it, within the person's quota.
 */
export async function acceptUpload(
  deps: CoreDeps,
  actor: SignedInActor,
  file: ImageInput | null,
  options: UploadOptions = {},
): Promise<AcceptedUpload> {
  const admission = options.admitted ?? (await admitUpload(deps, actor, options));
  try {
    return await storeUpload(deps, actor, file, admission);
  } finally {
    if (!options.admitted) admission.end();
  }
}

async function storeUpload(deps: CoreDeps, actor: SignedInActor, file: ImageInput | null, admission: Admission): Promise<AcceptedUpload> {
  const { userId } = actor;
  const fileBytes = file === null ? 0 : Buffer.isBuffer(file) ? file.length : file.bytes;
  if (!file || fileBytes === 0) throw new AppError('BAD_INPUT', NO_FILE, { file: NO_FILE });
  const quota = deps.config.photoQuotaBytes;
  const usedBefore = await usedBytes(deps.db, userId);
  if (usedBefore >= quota) throw quotaExceeded(quota, usedBefore);
  // Every limit from the header before any decoding, so the work is queued by its real size (image-queue.ts).
  const inspected = await inspectImage(file);

  const stem = randomBytes(16).toString('hex');
  admission.arrived();
  const { image, sizes } = await imageQueue.run(String(userId), inspected.width * inspected.height, async () => {
    const image = await reencodeImage(file, inspected);
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
