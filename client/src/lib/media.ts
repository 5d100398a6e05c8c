/** The URL of an uploaded image (pictures, banners, covers): the server's media route. */
export function mediaUrl(name: string | null | undefined): string | null {
  return name ? `/media/${encodeURIComponent(name)}` : null;
}

/** Widths the server makes of every upload wider than them (server/src/core/uploads/photo-sizes.ts). */
const SIZE_WIDTHS = [480, 960, 1600] as const;
const ORIGINAL = /^([a-f0-9]{32})\.(jpg|png)$/;

/**
 * `srcset` candidates for an uploaded banner or picture, by size name (docs/decisions/0016-photos.md, "Sizes by
 * name"): the reads give only the original's name, and the media route answers a size that was never made (the
 * original is narrower, or older than the sizes) with a redirect to the original. WebP only: every browser we
 * support shows it. Null for a name that is not one of our uploads (then the plain URL is used).
 */
export function mediaSrcSet(name: string | null | undefined, widths: readonly number[] = SIZE_WIDTHS): string | null {
  const stem = name ? ORIGINAL.exec(name)?.[1] : undefined;
  if (!stem) return null;
  return widths.map((w) => `/media/${stem}-${w}.webp ${w}w`).join(', ');
}

/** The one size name for an image shown small (at most 160 CSS px, so 480 covers a 3x screen). */
export function smallMediaUrl(name: string | null | undefined): string | null {
  const stem = name ? ORIGINAL.exec(name)?.[1] : undefined;
  return stem ? `/media/${stem}-480.webp` : mediaUrl(name);
}
