// The reader's photos: which images open large, their names as buttons, and the lightbox's history entry (Back
// closes it) and focus (in on Close, back to the photo).
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { makePhotosOpenable, type OpenPhoto, openPhotoOf, PhotoLightbox, pushPhotoEntry } from './photo-lightbox';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STEM = 'c'.repeat(32);
const READER_HTML = `<figure class="story-photo"><picture><img src="/media/${STEM}-960.jpg" alt="Grandmother at the harbour" width="1600" height="1200" data-full="/media/${STEM}.jpg"></picture><figcaption>Porto, <em>1962</em></figcaption></figure>
<figure class="story-photo"><picture><img src="/media/${'d'.repeat(32)}-960.jpg" alt="" width="800" height="600" data-full="/media/${'d'.repeat(32)}.jpg"></picture><figcaption>The boat</figcaption></figure>
<figure class="story-photo"><picture><img src="/media/${'e'.repeat(32)}-960.jpg" alt="" data-full="/media/${'e'.repeat(32)}.jpg"></picture></figure>
<p>An icon <img src="/media/${'f'.repeat(32)}.png" alt="inline"></p>`;

function storyText(): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = READER_HTML;
  document.body.append(div);
  return div;
}

interface Control {
  open: (photo: OpenPhoto | null) => void;
}

/** The lightbox as the story text uses it: shown while a photo is open, gone once it reports closing. */
function Harness({ control }: { control: Control }) {
  const [open, set] = useState<OpenPhoto | null>(null);
  control.open = set;
  return open ? <PhotoLightbox photo={open} onClosed={() => set(null)} /> : null;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('story photos', () => {
  it('makes each photo a button named by its description, or by its caption when it has none', () => {
    const text = storyText();
    makePhotosOpenable(text);
    const [a, b, c] = text.querySelectorAll<HTMLImageElement>('img[data-full]');
    expect(a!.getAttribute('role')).toBe('button');
    expect(a!.tabIndex).toBe(0);
    expect(a!.getAttribute('aria-haspopup')).toBe('dialog');
    expect(a!.hasAttribute('aria-label')).toBe(false);
    expect(b!.getAttribute('aria-label')).toBe('Photo: The boat');
    expect(c!.getAttribute('aria-label')).toBe('Photo');
    expect(text.querySelector('p img')!.hasAttribute('role')).toBe(false);
  });

  it('opens the largest size with the caption, of story photos only', () => {
    const text = storyText();
    const first = text.querySelector('img')!;
    expect(openPhotoOf(first)).toEqual({
      src: `/media/${STEM}.jpg`,
      alt: 'Grandmother at the harbour',
      captionHtml: 'Porto, <em>1962</em>',
      opener: first,
    });
    expect(openPhotoOf(text.querySelectorAll('img[data-full]')[2]!)?.captionHtml).toBeNull();
    expect(openPhotoOf(text.querySelector('p img'))).toBeNull();
    expect(openPhotoOf(text.querySelector('figcaption'))).toBeNull();
  });

  it('shows the photo in a dialog with focus on Close; Back closes it and focus returns to the photo', async () => {
    const text = storyText();
    const opener = text.querySelector<HTMLImageElement>('img[data-full]')!;
    opener.tabIndex = 0;
    const photo = openPhotoOf(opener)!;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const control: Control = { open: () => undefined };
    await act(async () => root.render(<Harness control={control} />));
    const before = window.history.length;
    await act(async () => {
      pushPhotoEntry();
      control.open(photo);
    });
    expect(window.history.length).toBe(before + 1);
    const dialog = host.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-label')).toBe('Photo: Grandmother at the harbour');
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe(`/media/${STEM}.jpg`);
    expect(dialog.querySelector('figcaption')!.innerHTML).toBe('Porto, <em>1962</em>');
    expect(document.activeElement).toBe(dialog.querySelector('button'));
    expect(dialog.querySelector('button')!.textContent).toBe('Close');

    // Back: the browser's popstate closes it.
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await act(async () => root.unmount());
  });
});
