// A story photo opened large (issue #12): the largest size (`data-full`) with its caption, in a modal <dialog>.
// Focus moves to Close and returns to the photo afterwards; Escape, Close, a click beside the photo and the
// browser's Back all close it (opening pushes a history entry, so Back on a phone closes the photo, not the story).
// Loaded when a photo is first opened (story-page-text.tsx); the photos' buttons are openable-photos.ts.
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type OpenPhoto, PHOTO_ENTRY } from './openable-photos';

export { makePhotosOpenable, type OpenPhoto, openPhotoOf, pushPhotoEntry } from './openable-photos';

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
    if ((window.history.state as Record<string, unknown> | null)?.[PHOTO_ENTRY]) window.history.back();
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
