// POST /uploads/photo as the client sends it and reads the answer (the agreement in docs/decisions/0016-photos.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadError } from '../../../lib/errors';
import { PHOTO_ENDPOINT, refusalMessage, SEND_FAILED, uploadPhoto } from './photo-upload';

/** A stand-in XMLHttpRequest that answers with the given status and JSON once sent. */
function fakeXhr(answer: { status: number; body: unknown } | 'network-error') {
  const sent: { method: string; url: string; body: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    responseType = '';
    status = 0;
    response: unknown = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, body });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.response = answer.body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'harbour.jpg', { type: 'image/jpeg' });

describe('uploadPhoto', () => {
  it('sends the file as multipart field "file" and resolves with the stored photo', async () => {
    const stored = { name: `${'a'.repeat(32)}.jpg`, width: 1600, height: 1200, bytes: 123456, used_bytes: 312e6, quota_bytes: 1e9 };
    const sent = fakeXhr({ status: 201, body: stored });
    const progress: number[] = [];
    await expect(uploadPhoto(photo, (f) => progress.push(f))).resolves.toEqual(stored);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe(PHOTO_ENDPOINT);
    expect((sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the server’s own sentence (quota, size, type, rate)', async () => {
    const message = 'This photo would take you past your 1 GB of space (987 MB used). Remove some photos first.';
    fakeXhr({ status: 413, body: { error: { message } } });
    const failure = await uploadPhoto(photo, () => undefined).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).message).toBe(message);
    expect((failure as UploadError).status).toBe(413);
  });

  it('says what to do when the answer carries no sentence or nothing arrives', async () => {
    fakeXhr('network-error');
    await expect(uploadPhoto(photo, () => undefined)).rejects.toThrow(SEND_FAILED);
    fakeXhr({ status: 201, body: { name: '../../etc/passwd' } });
    await expect(uploadPhoto(photo, () => undefined)).rejects.toThrow(/could not be stored/);
    expect(refusalMessage(502, '<html>Bad gateway</html>')).toMatch(/could not be stored just now/);
    expect(refusalMessage(429, null)).toMatch(/wait a minute/);
    expect(refusalMessage(401, { error: {} })).toMatch(/signed out/);
  });

  it('stops when asked before it was sent', async () => {
    fakeXhr({ status: 201, body: {} });
    const stop = new AbortController();
    stop.abort();
    await expect(uploadPhoto(photo, () => undefined, stop.signal)).rejects.toThrow('The upload was stopped.');
  });
});
