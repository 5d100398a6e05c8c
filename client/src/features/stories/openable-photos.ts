// Story photos that open large (issue #12): what the story's text needs from the start, so a press on a photo is
// seen at once. The lightbox itself (photo-lightbox.tsx) is loaded on the first press, or on the first pointer or
// focus on a photo (docs/decisions/0038-lighter-reader-pages.md).
import type { IntlShape } from 'react-intl';
import { englishIntl } from '../../lib/english-intl';

export interface OpenPhoto {
  src: string;
  alt: string;
  /** The caption's HTML, from the story's own (server-sanitised) figcaption. */
  captionHtml: string | null;
  /** Where focus goes back to. */
  opener: HTMLElement;
}

/** The history entry an open photo pushed (photo-lightbox.tsx closes through it). */
export const PHOTO_ENTRY = 'story-photo';

/** The photo an image of the story text shows, for the lightbox; null for anything else. */
export function openPhotoOf(target: EventTarget | null): OpenPhoto | null {
  const img = target instanceof Element ? target.closest<HTMLImageElement>('img[data-full]') : null;
  const src = img?.getAttribute('data-full');
  if (!img || !src) return null;
  const caption = img.closest('figure')?.querySelector('figcaption');
  return { src, alt: img.getAttribute('alt') ?? '', captionHtml: caption?.innerHTML ?? null, opener: img };
}

/** Story photos become buttons that open the lightbox (their alt stays their name; one without gets a name). */
export function makePhotosOpenable(root: HTMLElement, intl: IntlShape = englishIntl): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-full]')) {
    img.tabIndex = 0;
    img.setAttribute('role', 'button');
    img.setAttribute('aria-haspopup', 'dialog');
    img.title = intl.formatMessage({ id: 'photo.openLarger', defaultMessage: 'Open the photo larger' });
    if (!img.getAttribute('alt')?.trim()) {
      const caption = img.closest('figure')?.querySelector('figcaption')?.textContent?.trim();
      img.setAttribute(
        'aria-label',
        caption
          ? intl.formatMessage({ id: 'photo.captioned', defaultMessage: 'Photo: {caption}' }, { caption })
          : intl.formatMessage({ id: 'photo.name', defaultMessage: 'Photo' }),
      );
    }
  }
}

/** Opens the lightbox: a history entry first, so that Back closes it (then `onClosed` runs, from popstate). */
export function pushPhotoEntry(): void {
  window.history.pushState({ [PHOTO_ENTRY]: true }, '');
}
