// The one call that is not tRPC: a multipart upload to /api/upload, with progress (fetch cannot report it).
import { GENERIC_ERROR, UploadError } from '../../lib/errors';
import { LIMITS } from '#contract/limits';
import type { IntlShape } from 'react-intl';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_ACCEPT_ATTR = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** A message for a file the server would refuse anyway, so people learn before a 10 MB upload. */
export function checkImageFile(intl: IntlShape, file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return intl.formatMessage({ id: 'upload.wrongType', defaultMessage: 'Please choose a JPEG or PNG image.' });
  if (file.size > LIMITS.uploadBytesMax)
    return intl.formatMessage(
      { id: 'upload.tooLarge', defaultMessage: 'The image is larger than {size} MB.' },
      { size: LIMITS.uploadBytesMax / 1024 / 1024 },
    );
  return null;
}

/** Uploads an image; resolves with the stored file name. `onProgress` gets 0..1. */
export function uploadImage(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: unknown; message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.data === 'string') {
        onProgress?.(1);
        resolve(body.data);
      } else {
        const message = typeof body?.message === 'string' && body.message ? body.message : GENERIC_ERROR;
        reject(new UploadError(message, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(GENERIC_ERROR, 0));
    // Only the form aborts, when the person leaves it; it shows nothing then (image-upload-form.tsx).
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
