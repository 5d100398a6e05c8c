// A story photo opened large (issue #12): the largest size (`data-full`) with its caption, in a modal <dialog>.
// Focus moves to Close and returns to the photo afterwards; Escape, Close, a click beside the photo and the
// browser's Back all close it (opening pushes a history entry, so Back on a phone closes the photo, not the story).
// Kept small and in the reader's bundle: no editor code, one icon.
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';

export interface OpenPhoto {
  src: string;
  alt: string;
  /** The caption's HTML, from the story's own (server-sanitised) figcaption. */
  captionHtml: string | null;
  /** Where focus goes back to. */
  opener: HTMLElement;
}

const ENTRY = 'story-photo';

/** The photo an image of the story text shows, for the lightbox; null for anything else. */
export function openPhotoOf(target: EventTarget | null): OpenPhoto | null {
  const img = target instanceof Element ? target.closest<HTMLImageElement>('img[data-full]') : null;
  const src = img?.getAttribute('data-full');
  if (!img || !src) return null;
  const caption = img.closest('figure')?.querySelector('figcaption');
  return { src, alt: img.getAttribute('alt') ?? '', captionHtml: caption?.innerHTML ?? null, opener: img };
}

/** Story photos become buttons that open the lightbox (their alt stays their name; one without gets a name). */
export function makePhotosOpenable(root: HTMLElement): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-full]')) {
    img.tabIndex = 0;
    img.setAttribute('role', 'button');
    img.setAttribute('aria-haspopup', 'dialog');
    img.title = 'Open the photo larger';
    if (!img.getAttribute('alt')?.trim()) {
      const caption = img.closest('figure')?.querySelector('figcaption')?.textContent?.trim();
      img.setAttribute('aria-label', caption ? `Photo: ${caption}` : 'Photo');
    }
  }
}

/** Opens the lightbox: a history entry first, so that Back closes it (then `onClosed` runs, from popstate). */
export function pushPhotoEntry(): void {
  window.history.pushState({ [ENTRY]: true }, '');
}

export function PhotoLightbox({ photo, onClosed }: { photo: OpenPhoto; onClosed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    closeButton.current?.focus();
    const onPop = () => onClosedRef.current();
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      dialog.close();
      photo.opener.focus();
    };
  }, [photo.opener]);

  // Closing goes through history, so that Back and the other ways end the same (popstate -> onClosed), and the
  // entry opening pushed is gone again.
  const close = () => {
    if ((window.history.state as Record<string, unknown> | null)?.[ENTRY]) window.history.back();
    else onClosedRef.current();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click beside the photo is a pointer shortcut; keys close it with Escape (cancel) or the Close button.
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={photo.alt ? `Photo: ${photo.alt}` : 'Photo'}
      aria-describedby={photo.captionHtml ? captionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        // A click beside the photo (on the dark backdrop of the dialog itself) closes it.
        if (e.target === e.currentTarget || (e.target as Element).classList.contains('lightbox-figure')) close();
      }}
    >
      <button ref={closeButton} type="button" className="lightbox-close" onClick={close}>
        <X size={24} aria-hidden="true" />
        Close
      </button>
      <figure className="lightbox-figure">
        <img className="lightbox-image" src={photo.src} alt={photo.alt} />
        {photo.captionHtml && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the caption's HTML comes from the story text on this page, which the server sanitised.
          <figcaption id={captionId} className="lightbox-caption" dangerouslySetInnerHTML={{ __html: photo.captionHtml }} />
        )}
      </figure>
    </dialog>
  );
}
