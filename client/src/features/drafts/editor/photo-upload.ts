// One photo sent to POST /uploads/photo (issue #12, the agreement in docs/decisions/0016-photos.md): multipart
// with one `file` field, over XMLHttpRequest because fetch cannot report upload progress.
import { UploadError } from '../../../lib/errors';

/** What the server answers with once the photo is stored (201). */
export interface UploadedPhoto {
  name: string;
  width: number;
  height: number;
  bytes: number;
  used_bytes: number;
  quota_bytes: number;
}

export const PHOTO_ENDPOINT = '/uploads/photo';
export const SEND_FAILED = 'The photo could not be sent. Check your connection, then press Retry.';
const SERVER_FAILED = 'The photo could not be stored just now. Please press Retry in a moment.';

/** The sentence a refusal carries ({ error: { message } }), or one of ours when there is none (a proxy's page, a crash). */
export function refusalMessage(status: number, body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (status === 401) return 'You are signed out. Sign in again, then press Retry.';
  if (status === 413) return 'This photo is too large.';
  if (status === 415) return 'This file is not a photo we can use. Please choose a JPEG, PNG or HEIC photo.';
  if (status === 429) return 'Too many photos at once. Please wait a minute, then press Retry.';
  return SERVER_FAILED;
}

function isUploadedPhoto(body: unknown): body is UploadedPhoto {
  const b = body as Partial<UploadedPhoto> | null;
  return (
    typeof b?.name === 'string' &&
    /^[a-f0-9]{32}\.(jpg|png)$/.test(b.name) &&
    typeof b.width === 'number' &&
    typeof b.height === 'number' &&
    typeof b.bytes === 'number'
  );
}

/** Sends one photo; `onProgress` gets 0..1. Rejects with an UploadError carrying a sentence for the writer. */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PHOTO_ENDPOINT);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status === 201 || (xhr.status === 200 && isUploadedPhoto(body))) {
        if (isUploadedPhoto(body)) {
          onProgress(1);
          resolve(body);
        } else reject(new UploadError(SERVER_FAILED, xhr.status));
      } else reject(new UploadError(refusalMessage(xhr.status, body), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(SEND_FAILED, 0));
    xhr.onabort = () => reject(new UploadError('The upload was stopped.', 0));
    if (signal?.aborted) return reject(new UploadError('The upload was stopped.', 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name || 'photo');
    xhr.send(form);
  });
}

/** What the file picker offers: photos of the kinds phones and cameras make (the server says if it cannot read one). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';
