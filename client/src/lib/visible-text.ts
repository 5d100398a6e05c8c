// The words a reader sees in a story's HTML, one block per paragraph: what the conflict screen and Versions
// compare word by word (markup differences such as <b> are not worth showing to a writer as changes).
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, figcaption';

/** `photos`: each photo as "[photo: its description]" (Versions shows a photo added or taken out, issue #26). */
export function visibleText(html: string, options: { photos?: boolean } = {}): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  if (options.photos) photosAsWords(doc);
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const parts = blocks.length > 0 ? blocks.map((el) => el.textContent ?? '') : [doc.body.textContent ?? ''];
  return parts
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

function photosAsWords(doc: Document): void {
  for (const img of [...doc.body.querySelectorAll('img')]) {
    // No closing bracket inside: it marks where a photo's words end (word-diff.tsx keeps each photo whole).
    const alt = img.getAttribute('alt')?.replace(/\s+/g, ' ').replace(/]/g, ')').trim();
    const words = `[photo: ${alt || 'no description'}]`;
    const figure = img.closest('figure');
    if (figure) {
      // A paragraph of its own, the caption after it: a figure is not one of the blocks read.
      const p = doc.createElement('p');
      p.textContent = words;
      figure.before(p);
      img.remove();
    } else if (img.closest(BLOCKS)) img.replaceWith(doc.createTextNode(` ${words} `));
    else {
      const p = doc.createElement('p');
      p.textContent = words;
      img.replaceWith(p);
    }
  }
}

/** Title and text as one comparable string. */
export function visibleDraft(content: { title: string; text: string }, options: { photos?: boolean } = {}): string {
  const text = visibleText(content.text, options);
  return content.title.trim() ? `${content.title.trim()}\n\n${text}` : text;
}
