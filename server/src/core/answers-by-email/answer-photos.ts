// The photos of a reply: attached JPEG and PNG files become uploads through the editor's own path (checked by
// content, re-encoded without EXIF or GPS, their sizes made, within the person's quota and photo budget; ADR 0016).
// Other attachments are left out, and so are small images embedded in the HTML (a signature's logo).
import type { Attachment } from 'mailparser';
import { AppError, type ErrorKind } from '../../contract/errors';
import type { CoreDeps } from '../shared/core-deps';
import { acceptUpload } from '../uploads/accept-upload';
import type { ChapterPhoto } from './answer-chapter';

/** Photos taken from one reply; more are named in the confirmation as not added. */
export const PHOTOS_PER_ANSWER_MAX = 20;

/** An image embedded in the HTML (cid:) smaller than this is a logo or an icon, not a photo. */
const EMBEDDED_IMAGE_MIN_BYTES = 16 * 1024;

/** What refuses one photo for itself; anything else (a full disk, a store away) is worth retrying the message for. */
const PHOTO_REFUSALS = new Set<ErrorKind>(['BAD_INPUT', 'TOO_LARGE', 'UNSUPPORTED_MEDIA', 'UNPROCESSABLE', 'RATE_LIMITED']);

const PHOTO_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);

export function photoAttachments(attachments: readonly Attachment[]): Attachment[] {
  return attachments.filter(
    (a) => PHOTO_TYPES.has(a.contentType.toLowerCase()) && !(a.related && a.content.length < EMBEDDED_IMAGE_MIN_BYTES),
  );
}

export interface StoredPhotos {
  photos: ChapterPhoto[];
  /** The file names (or "photo 3") that could not be added, with why, for the confirmation email. */
  failed: { file: string; why: string }[];
}

/**
 * Stores each photo as the person's upload. A photo refused for itself (not an image, too large, quota, budget) is
 * reported and the others go on; any other failure (the file store away) throws, so the message is retried.
 */
export async function storeAnswerPhotos(
  deps: CoreDeps,
  userId: number,
  sender: string,
  attachments: readonly Attachment[],
): Promise<StoredPhotos> {
  const result: StoredPhotos = { photos: [], failed: [] };
  const actor = { userId, sessionId: null, signedInAt: null, clientKey: `email:${sender}` };
  for (const [i, a] of attachments.entries()) {
    const file = a.filename || `photo ${i + 1}`;
    if (i >= PHOTOS_PER_ANSWER_MAX) {
      result.failed.push({ file, why: `only ${PHOTOS_PER_ANSWER_MAX} photos are taken from one email` });
      continue;
    }
    try {
      const upload = await acceptUpload(deps, actor, a.content, { rates: ['photoUploadPerAccount', 'photoUploadPerClient'] });
      result.photos.push({ name: upload.name, width: upload.width, height: upload.height });
    } catch (err) {
      if (!(err instanceof AppError) || !PHOTO_REFUSALS.has(err.kind)) throw err;
      result.failed.push({ file, why: err.message });
    }
  }
  return result;
}
