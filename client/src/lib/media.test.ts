import { describe, expect, it } from 'vitest';
import { mediaSrcSet, mediaUrl, smallMediaUrl } from './media';

const stem = 'a'.repeat(32);

describe('media URLs by size name (docs/decisions/0016-photos.md, "Sizes by name")', () => {
  it('lists the 480, 960 and 1600 px WebP sizes of an upload', () => {
    expect(mediaSrcSet(`${stem}.jpg`)).toBe(`/media/${stem}-480.webp 480w, /media/${stem}-960.webp 960w, /media/${stem}-1600.webp 1600w`);
    expect(mediaSrcSet(`${stem}.png`, [480])).toBe(`/media/${stem}-480.webp 480w`);
  });

  it('gives no srcset, and the plain URL, for a name that is not one of our uploads', () => {
    for (const name of ['old-picture.jpg', `${stem}.gif`, `${stem.toUpperCase()}.jpg`, null, undefined, '']) {
      expect(mediaSrcSet(name)).toBeNull();
    }
    expect(smallMediaUrl('old picture.jpg')).toBe(mediaUrl('old picture.jpg'));
    expect(smallMediaUrl(null)).toBeNull();
  });

  it('asks for the 480 px WebP of a small picture', () => {
    expect(smallMediaUrl(`${stem}.png`)).toBe(`/media/${stem}-480.webp`);
  });
});
