// The reader's shape of photos (docs/decisions/0016-photos.md), through formatStory as a save runs it.
import { describe, expect, it } from 'vitest';
import { formatStory } from './format-story';
import { PHOTO_SIZES_ATTR, countPhotos, markFirstPhotoEager, mediaNamesIn, type PhotoMap } from './photo-html';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);
const photos: PhotoMap = {
  [`${A}.jpg`]: { width: 4000, height: 3000, sizes: [480, 960, 1600] },
  [`${B}.png`]: { width: 1200, height: 900, sizes: [480, 960] },
};

describe('formatStory with photos', () => {
  it('fills width and height from the uploads table into the stored body, which keeps the stored shape', () => {
    const { body } = formatStory(
      `<figure><img src="/media/${A}.jpg" alt="Us" width="1" height="999"><figcaption>1950</figcaption></figure>`,
      photos,
    );
    expect(body).toBe(`<figure><img src="/media/${A}.jpg" alt="Us" width="4000" height="3000"><figcaption>1950</figcaption></figure>`);
  });

  it('gives readers a picture with WebP and JPEG sizes, sizes, width/height, lazy loading and data-full', () => {
    const html = `<p>Intro.</p><figure><img src="/media/${A}.jpg" alt="Us"><figcaption>1950</figcaption></figure><figure><img src="/media/${A}.jpg" alt="Again"></figure>`;
    const [page] = formatStory(html, photos).pages;
    const webp = `/media/${A}-480.webp 480w, /media/${A}-960.webp 960w, /media/${A}-1600.webp 1600w`;
    const jpg = `/media/${A}-480.jpg 480w, /media/${A}-960.jpg 960w, /media/${A}-1600.jpg 1600w`;
    const picture = (alt: string, loading: string) =>
      `<picture><source type="image/webp" srcset="${webp}" sizes="${PHOTO_SIZES_ATTR}"><img src="/media/${A}-960.jpg" srcset="${jpg}" sizes="${PHOTO_SIZES_ATTR}" width="4000" height="3000" alt="${alt}" ${loading} decoding="async" data-full="/media/${A}.jpg"></picture>`;
    expect(page).toBe(
      `<p dir="auto">Intro.</p><figure class="story-photo">${picture('Us', 'fetchpriority="high"')}<figcaption dir="auto">1950</figcaption></figure>` +
        `<figure class="story-photo">${picture('Again', 'loading="lazy"')}</figure>`,
    );
  });

  it('lists only the sizes made, with the original on top when it is narrower than 1600 px', () => {
    const [page] = formatStory(`<figure><img src="/media/${B}.png" alt=""></figure>`, photos).pages;
    expect(page).toContain(`srcset="/media/${B}-480.webp 480w, /media/${B}-960.webp 960w, /media/${B}.png 1200w"`);
    expect(page).toContain(`srcset="/media/${B}-480.jpg 480w, /media/${B}-960.jpg 960w, /media/${B}.png 1200w"`);
    expect(page).not.toContain('-1600');
  });

  it('gives an image without sizes (an unknown upload, or one from before sizes) a plain lazy img', () => {
    const [page] = formatStory(`<p>x</p><p><img src="/media/${C}.jpg" alt="old" width="10" height="20"></p>`, photos).pages;
    expect(page).toBe(
      `<p dir="auto">x</p><p dir="auto"><img src="/media/${C}.jpg" width="10" height="20" alt="old" fetchpriority="high" decoding="async" data-full="/media/${C}.jpg"></p>`,
    );
  });

  it('makes only the first photo of page 1 eager; later pages are all lazy', () => {
    const figure = `<figure><img src="/media/${A}.jpg" alt=""></figure>`;
    const pages = formatStory(figure.repeat(20), photos).pages;
    expect(pages).toHaveLength(2);
    expect(pages[0]!.split('fetchpriority="high"').length - 1).toBe(1);
    expect(pages[0]!.split('loading="lazy"').length - 1).toBe(14);
    expect(pages[1]).not.toContain('fetchpriority');
    expect(pages[1]!.split('loading="lazy"').length - 1).toBe(5);
  });
});

describe('photo-html helpers', () => {
  it('finds the upload names a body names, on either media path, once each', () => {
    expect(mediaNamesIn(`<img src="/media/${A}.jpg"><img src="/public/uploads/${B}.png"><img src="/media/${A}.jpg"> /media/x.jpg`)).toEqual(
      [`${A}.jpg`, `${B}.png`],
    );
  });

  it('counts images in a sanitised body', () => {
    expect(countPhotos(formatStory(`<p>a<img src="/media/${A}.jpg"></p><figure><img src="/media/${B}.png"></figure>`).body)).toBe(2);
  });

  it('never takes an img inside an alt text for the first photo', () => {
    const page = `<p>&lt;img loading="lazy" </p><img src="/x" alt="&lt;img loading=&quot;lazy&quot; " loading="lazy" decoding="async" data-full="/x">`;
    expect(markFirstPhotoEager(page)).toBe(
      `<p>&lt;img loading="lazy" </p><img src="/x" alt="&lt;img loading=&quot;lazy&quot; " fetchpriority="high" decoding="async" data-full="/x">`,
    );
  });
});
