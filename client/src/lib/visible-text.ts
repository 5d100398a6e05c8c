// The words a reader sees in a story's HTML, one block per paragraph: what the conflict screen and Versions
// compare word by word (markup differences such as <b> are not worth showing to a writer as changes).
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, figcaption';

export function visibleText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const parts = blocks.length > 0 ? blocks.map((el) => el.textContent ?? '') : [doc.body.textContent ?? ''];
  return parts
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/** Title and text as one comparable string. */
export function visibleDraft(content: { title: string; text: string }): string {
  const text = visibleText(content.text);
  return content.title.trim() ? `${content.title.trim()}\n\n${text}` : text;
}
