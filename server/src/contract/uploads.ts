// Photos in stories (docs/decisions/0016-photos.md): what the client may read about a person's upload space, and
// the name of an uploaded image (a profile picture, a story's banner).
import { z } from 'zod';

export const uploadNameSchema = z
  .string({ required_error: 'Choose an uploaded image first.', invalid_type_error: 'The image name must be text.' })
  .min(1, 'Choose an uploaded image first.')
  .max(128, 'That image does not exist.');

export const setImageInput = z.object({ image: uploadNameSchema });
export type SetImageInput = z.output<typeof setImageInput>;

/** `uploads.usage`: "312 MB of 1 GB used" on the profile. Bytes count originals plus their responsive sizes. */
export const uploadUsageOutput = z.object({
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().positive(),
  photos: z.number().int().nonnegative(),
});
export type UploadUsage = z.output<typeof uploadUsageOutput>;

/** The most photos one story may hold, at autosave and at publish. */
export const PHOTOS_PER_STORY_MAX = 200;

export function tooManyPhotosMessage(count: number): string {
  return `A story can hold at most ${PHOTOS_PER_STORY_MAX} photos. This one has ${count}.`;
}
