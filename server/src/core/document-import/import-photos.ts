// The pictures inside an imported document become the person's photos through the editor's own upload path
// (checked by content, re-encoded without EXIF or GPS, their sizes made, within the quota and the photo budget;
// docs/decisions/0016-photos.md), as the photos of an answer by email are (core/answers-by-email/answer-photos.ts).
// A picture refused for itself (a Word drawing, a GIF, the quota full) is named in the report; the others go on.
import { AppError, type ErrorKind } from '../../contract/errors';
import type { DocumentImage } from '../../ports/document-converter';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { escapeHtml } from '../shared/escape-html';
import { acceptUpload } from '../uploads/accept-upload';

export interface ImportedPhoto {
  name: string;
  width: number;
  height: number;
  /** '' when the document gave none (the editor then shows "No description yet"). */
  alt: string;
}

export interface StoredImages {
  /** By the picture's index in the document; null when it was not kept. */
  photos: (ImportedPhoto | null)[];
  /** Why pictures were not kept, with how many for each reason. */
  refused: Map<string, number>;
}

const PHOTO_REFUSALS = new Set<ErrorKind>(['BAD_INPUT', 'TOO_LARGE', 'UNSUPPORTED_MEDIA', 'UNPROCESSABLE', 'RATE_LIMITED']);

/**
 * Alt text that describes nothing: what Word writes by itself ("… Description automatically generated") and what
 * other programs name a picture ("Picture 3", "image1.png"). Such a photo is marked as needing a description.
 */
export function usefulAlt(alt: string): string {
  const text = alt.replace(/\s+/g, ' ').trim();
  if (/description automatically generated/i.test(text)) return '';
  if (/^(image|picture|graphic|figure|photo|img)[\s_-]*\d*(\.[a-z]{3,4})?$/i.test(text)) return '';
  return text.slice(0, 1000);
}

export async function storeDocumentImages(deps: CoreDeps, actor: SignedInActor, images: readonly DocumentImage[]): Promise<StoredImages> {
  const result: StoredImages = { photos: [], refused: new Map() };
  for (const image of images) {
    try {
      const upload = await acceptUpload(deps, actor, Buffer.from(image.bytes), {
        rates: ['photoUploadPerAccount', 'photoUploadPerClient'],
      });
      result.photos.push({ name: upload.name, width: upload.width, height: upload.height, alt: usefulAlt(image.alt) });
    } catch (err) {
      if (!(err instanceof AppError) || !PHOTO_REFUSALS.has(err.kind)) throw err;
      result.photos.push(null);
      result.refused.set(err.message, (result.refused.get(err.message) ?? 0) + 1);
    }
  }
  return result;
}

/** Each `<figure><img src="import-image:N" …></figure>` of the converter as the editor stores a photo, or gone. */
export function placePhotos(html: string, photos: readonly (ImportedPhoto | null)[]): string {
  return html.replace(/<figure><img src="import-image:(\d+)"(?:\s+[a-z-]+(?:="[^"]*")?)*\s*\/?><\/figure>/g, (_m, index: string) => {
    const photo = photos[Number(index)];
    if (!photo) return '';
    return `<figure><img src="/media/${photo.name}" alt="${escapeHtml(photo.alt)}" width="${photo.width}" height="${photo.height}"></figure>`;
  });
}
