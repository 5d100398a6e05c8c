// HTML pasted from Word or Google Docs, made plain before the editor reads it (issue #27): headings, lists, bold,
// italic and links stay; their styling noise goes. Word writes a list as paragraphs styled `mso-list` with the
// bullet or number as text inside an `[if !supportLists]` comment; they become a real <ul>/<ol> here. Google Docs
// wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">, which would make it all bold,
// and marks bold and italic with styles on spans; the wrapper goes and the styles become <strong>/<em>.

/** A Word list paragraph's marker: a number or letter with a dot or bracket is an ordered list. */
const ORDERED_MARKER = /^\s*(\d+|[a-z]|[ivxlc]+)[.)]\s*$/i;

export function cleanPastedHtml(html: string): string {
  if (!/mso-|docs-internal-guid|urn:schemas-microsoft-com|<o:p/i.test(html)) return html;
  // Word's conditional comments hold the list markers as text: keep what they hold, marked, to find and drop it.
  const prepared = html
    .replace(/<!--\[if !supportLists\]-->([\s\S]*?)<!--\[endif\]-->/gi, '<span data-list-marker>$1</span>')
    .replace(/<!\[if !supportLists\]>([\s\S]*?)<!\[endif\]>/gi, '<span data-list-marker>$1</span>')
    .replace(/<!--\[if [\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '');
  const doc = new DOMParser().parseFromString(prepared, 'text/html');
  const body = doc.body;

  // Google Docs' wrapper.
  for (const b of body.querySelectorAll('b[id^="docs-internal-guid"]')) b.replaceWith(...b.childNodes);
  // Styles that mean bold or italic become marks; every other style and class goes.
  for (const span of body.querySelectorAll<HTMLElement>('span[style]')) {
    const style = span.getAttribute('style') ?? '';
    let inner: Node[] = [...span.childNodes];
    // Not Word's `mso-bidi-font-weight:bold` (right-to-left text only), which it writes on plain paragraphs.
    if (/(?:^|;)\s*font-style:\s*italic/i.test(style)) inner = [wrap(doc, 'em', inner)];
    if (/(?:^|;)\s*font-weight:\s*(bold|[6-9]00)/i.test(style)) inner = [wrap(doc, 'strong', inner)];
    span.replaceWith(...inner);
  }
  wordLists(doc, body);
  for (const el of body.querySelectorAll('[style], [class], [lang]')) {
    el.removeAttribute('style');
    el.removeAttribute('class');
    el.removeAttribute('lang');
  }
  return body.innerHTML;
}

function wrap(doc: Document, tag: string, nodes: Node[]): HTMLElement {
  const el = doc.createElement(tag);
  el.append(...nodes);
  return el;
}

/** Runs of Word's list paragraphs (`mso-list: l0 level1`) become a list, nested by their level. */
function wordLists(doc: Document, body: HTMLElement): void {
  const items = [...body.querySelectorAll<HTMLElement>('p')].filter((p) =>
    /mso-list:\s*l\d+\s+level\d+/i.test(p.getAttribute('style') ?? ''),
  );
  let stack: HTMLElement[] = [];
  let previous: HTMLElement | null = null;
  let previousList = '';
  for (const p of items) {
    const style = p.getAttribute('style') ?? '';
    const level = Number(/level(\d+)/i.exec(style)?.[1] ?? '1');
    // Word's list id (`l0`, `l1`): a bulleted list straight after a numbered one is another list.
    const list = /mso-list:\s*(l\d+)/i.exec(style)?.[1] ?? '';
    const marker = p.querySelector('[data-list-marker]');
    const ordered = ORDERED_MARKER.test(marker?.textContent?.replace(/\u00a0/g, ' ') ?? '');
    marker?.remove();
    // A run continues while paragraphs of the same list follow one another.
    if (!previous || previous.nextElementSibling !== p || list !== previousList) stack = [];
    while (stack.length > level) stack.pop();
    while (stack.length < level) {
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      const parent = stack.at(-1);
      if (parent) (parent.lastElementChild ?? parent.appendChild(doc.createElement('li'))).appendChild(list);
      else p.before(list);
      stack.push(list);
    }
    const li = doc.createElement('li');
    li.append(...p.childNodes);
    stack.at(-1)!.appendChild(li);
    // Kept in the document until the run ends, so that the next paragraph's sibling check still works.
    p.replaceChildren();
    p.setAttribute('data-moved', '');
    previous = p;
    previousList = list;
  }
  for (const p of body.querySelectorAll('p[data-moved]')) p.remove();
}
