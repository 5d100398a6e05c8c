import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/schemas';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { processImage } from './process-image';

export const NO_FILE = 'Choose a JPEG or PNG image to upload.';

/** A 40-megapixel image takes up to ~0.8 GB while it is re-encoded: two at a time on this 2-core size. */
const imageJobs = pLimit(2);

/**
 * Checks and re-encodes an image (JPEG/PNG by content, size and pixel limits, metadata stripped),
 * stores it under a random name and records who owns it. Returns the bare file name.
 */
export async function acceptUpload(deps: CoreDeps, actor: SignedInActor, file: Buffer | null): Promise<{ name: string }> {
  const { userId } = actor;
  if (!file || file.length === 0) throw new AppError('BAD_INPUT', NO_FILE, { file: NO_FILE });
  await limitRate(deps, [
    ['uploadPerAccount', String(userId)],
    ['uploadPerClient', actor.clientKey],
  ]);
  const image = await imageJobs(() => processImage(file, { maxBytes: LIMITS.uploadBytesMax, maxPixels: LIMITS.uploadPixelsMax }));
  const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
  await deps.blobs.put(name, image.body, image.contentType);
  try {
    await deps.db
      .insertInto('uploads')
      .values({
        name,
        user_id: userId,
        content_type: image.contentType,
        bytes: image.body.length,
        width: image.width,
        height: image.height,
        created_at: deps.clock.now(),
      })
      .execute();
  } catch (err) {
    await deps.blobs.delete(name).catch(() => undefined);
    throw err;
  }
  return { name };
}

const SAFE_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** A stored image for the media route, or null (unknown or malformed names never reach the store). */
export async function readMedia(deps: CoreDeps, name: string) {
  if (!SAFE_NAME.test(name)) return null;
  return deps.blobs.get(name);
}

/** Where browsers fetch an image directly when the store serves files itself (a public base URL), else null. */
export function publicMediaUrl(deps: CoreDeps, name: string): string | null {
  if (!SAFE_NAME.test(name)) return null;
  return deps.blobs.publicUrl(name);
}
