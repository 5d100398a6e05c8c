// Photos of a story body at save time (docs/decisions/0016-photos.md): what the uploads table knows of them
// (for width/height and the reader's sizes) and the limit of photos per story.
import type { Kysely } from 'kysely';
import { AppError } from '../../contract/errors';
import { PHOTOS_PER_STORY_MAX, tooManyPhotosMessage } from '../../contract/uploads';
import type { Database } from '../../db/schema';
import { parseSizes } from '../uploads/photo-sizes';
import { countPhotos, mediaNamesIn, type PhotoInfo, type PhotoMap } from './photo-html';

/** The uploads a body names, by name, as the formatter needs them. One indexed query (names are primary keys). */
export async function photoMapFor(db: Kysely<Database>, html: string): Promise<PhotoMap> {
  const names = mediaNamesIn(html);
  if (names.length === 0) return {};
  const rows = await db.selectFrom('uploads').select(['name', 'width', 'height', 'sizes']).where('name', 'in', names).execute();
  const map: Record<string, PhotoInfo> = {};
  for (const r of rows) map[r.name] = { width: r.width, height: r.height, sizes: parseSizes(r.sizes) };
  return map;
}

/** 400 with a field message when a sanitised body holds more photos than a story may. */
export function refuseTooManyPhotos(sanitizedBody: string): void {
  const count = countPhotos(sanitizedBody);
  if (count > PHOTOS_PER_STORY_MAX) {
    const message = tooManyPhotosMessage(count);
    throw new AppError('BAD_INPUT', message, { text: message });
  }
}

/**
 * The same limit on a draft as the editor sent it (drafts are stored unsanitised, for the cost of autosave):
 * its `<img` tags, which is the photo count for anything the editor writes.
 */
export function refuseTooManyPhotosInDraft(unsafeHtml: string): void {
  const count = unsafeHtml.match(/<img[\s/>]/gi)?.length ?? 0;
  if (count > PHOTOS_PER_STORY_MAX) {
    const message = tooManyPhotosMessage(count);
    throw new AppError('BAD_INPUT', message, { text: message });
  }
}
