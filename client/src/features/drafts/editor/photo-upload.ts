// One photo sent to POST /uploads/photo (issue #12, the agreement in docs/decisions/0016-photos.md): multipart
// with one `file` field, over XMLHttpRequest because fetch cannot report upload progress.
import { defineMessages, type IntlShape } from 'react-intl';
import { englishIntl } from '../../../lib/english-intl';
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
const said = defineMessages({
  sendFailed: { id: 'photo.sendFailed', defaultMessage: 'The photo could not be sent. Check your connection, then press Retry.' },
  serverFailed: { id: 'photo.serverFailed', defaultMessage: 'The photo could not be stored just now. Please press Retry in a moment.' },
  signedOut: { id: 'photo.signedOut', defaultMessage: 'You are signed out. Sign in again, then press Retry.' },
  tooLarge: { id: 'photo.tooLarge', defaultMessage: 'This photo is too large.' },
  notAPhoto: { id: 'photo.notAPhoto', defaultMessage: 'This file is not a photo we can use. Please choose a JPEG, PNG or HEIC photo.' },
  tooMany: { id: 'photo.tooManyAtOnce', defaultMessage: 'Too many photos at once. Please wait a minute, then press Retry.' },
  stopped: { id: 'photo.stopped', defaultMessage: 'The upload was stopped.' },
});

export const SEND_FAILED = englishIntl.formatMessage(said.sendFailed);

/**
 * The sentence a refusal carries ({ error: { message } }), or one of ours when there is none (a proxy's page, a
 * crash), in the interface's language.
 */
export function refusalMessage(status: number, body: unknown, intl: IntlShape = englishIntl): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (status === 401) return intl.formatMessage(said.signedOut);
  if (status === 413) return intl.formatMessage(said.tooLarge);
  if (status === 415) return intl.formatMessage(said.notAPhoto);
  if (status === 429) return intl.formatMessage(said.tooMany);
  return intl.formatMessage(said.serverFailed);
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
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  intl: IntlShape = englishIntl,
): Promise<UploadedPhoto> {
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
        } else reject(new UploadError(intl.formatMessage(said.serverFailed), xhr.status));
      } else reject(new UploadError(refusalMessage(xhr.status, body, intl), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(intl.formatMessage(said.sendFailed), 0));
    xhr.onabort = () => reject(new UploadError(intl.formatMessage(said.stopped), 0));
    if (signal?.aborted) return reject(new UploadError(intl.formatMessage(said.stopped), 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name || 'photo');
    xhr.send(form);
  });
}

/** What the file picker offers: photos of the kinds phones and cameras make (the server says if it cannot read one). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';
