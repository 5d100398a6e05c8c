// Which images are our own photos (docs/decisions/0016-photos.md): only /media/<32 hex>.jpg|png may be in a story;
// pictures from other sites are left out (each would be a tracking pixel for every reader).

/** Our own uploaded photos: /media/<32 hex>.<jpg|png> (any other image host is dropped, by the server too). */
const OWN_PHOTO = /^\/media\/[a-f0-9]{32}\.(?:jpg|png)$/;

/**
 * The stored /media/ address for an image address in stored or pasted HTML, or null when it is not one of our
 * photos. A full address on this site counts (HTML copied from our own pages holds those), and so does a reader's
 * size of a photo (`/media/<stem>-960.jpg`) when the full one is given in `data-full`.
 */
export function ownPhotoSrc(src: string | null | undefined, origin = globalThis.location?.origin): string | null {
  if (!src) return null;
  let path = src.trim();
  if (origin && path.startsWith(`${origin}/`)) path = path.slice(origin.length);
  return OWN_PHOTO.test(path) ? path : null;
}

/** The photo an <img> shows (its data-full when it is a reader's smaller size), or null for any other image. */
export function photoOfImg(img: Element): { src: string; alt: string; width: number | null; height: number | null } | null {
  const src = ownPhotoSrc(img.getAttribute('data-full')) ?? ownPhotoSrc(img.getAttribute('src'));
  if (!src) return null;
  return {
    src,
    alt: img.getAttribute('alt') ?? '',
    width: dimension(img.getAttribute('width')),
    height: dimension(img.getAttribute('height')),
  };
}

function dimension(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 100_000 ? n : null;
}
