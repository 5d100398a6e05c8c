// The web fonts, added after the first paint (docs/decisions/0025-web-fonts-after-the-first-paint.md) in one step:
// the faces the page's text needs are fetched first, then every face is added to the document at once, so the page
// is laid out again once, with its fonts, instead of once when the faces are declared and again as each file comes
// (docs/performance.md, "One relayout for the fonts"). Faces the page does not need yet (another script, a comment
// in Greek) are added unloaded: the browser fetches each when text of its range first shows, as with CSS.

/** One subset file of a family (client/src/styles/web-fonts/faces.js, written by scripts/web-fonts.mjs). */
export interface WebFontFace {
  family: string;
  url: string;
  weight: string;
  unicodeRange: string;
}

/** The code point ranges of a unicode-range descriptor ("U+0100-017F,U+0218"). */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from!, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

const NOT_SHOWN = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** The characters shown under `root`, by the first of `families` each text's element asks for. */
export function charactersByFamily(root: Node, families: readonly string[]): Map<string, Set<number>> {
  const shown = new Map(families.map((family) => [family, new Set<number>()]));
  const familyOf = new Map<Element, string | undefined>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || NOT_SHOWN.has(element.tagName) || !node.nodeValue?.trim()) continue;
    if (!familyOf.has(element)) {
      // The first of ours in the element's stack ("Literata Variable", "Literata fallback Georgia", serif).
      const stack = getComputedStyle(element).fontFamily;
      const at = families.map((family) => ({ family, index: stack.indexOf(family) })).filter((f) => f.index >= 0);
      familyOf.set(element, at.sort((a, b) => a.index - b.index)[0]?.family);
    }
    const family = familyOf.get(element);
    if (!family) continue;
    const set = shown.get(family)!;
    for (const char of node.nodeValue) set.add(char.codePointAt(0)!);
  }
  return shown;
}

/** The faces whose range holds a character the page shows in their family. */
export function facesNeeded(faces: readonly WebFontFace[], shown: Map<string, Set<number>>): WebFontFace[] {
  return faces.filter((face) => {
    const chars = shown.get(face.family);
    if (!chars?.size) return false;
    const ranges = parseUnicodeRange(face.unicodeRange);
    for (const c of chars) if (ranges.some(([from, to]) => c >= from && c <= to)) return true;
    return false;
  });
}

/** Fetches the faces the page needs, then adds all of them to the document in one go. */
export async function addWebFonts(faces: readonly WebFontFace[], doc: Document = document): Promise<void> {
  // A browser without the Font Loading API keeps the fallback faces of tokens.css, sized like these.
  if (typeof FontFace === 'undefined' || !doc.fonts) return;
  const fontFaces = new Map(
    faces.map((face) => [
      face,
      new FontFace(face.family, `url(${face.url}) format("woff2")`, {
        style: 'normal',
        weight: face.weight,
        display: 'swap',
        unicodeRange: face.unicodeRange,
      }),
    ]),
  );
  const families = [...new Set(faces.map((face) => face.family))];
  const needed = facesNeeded(faces, charactersByFamily(doc.body, families));
  // A file that fails (offline, blocked) leaves its characters in the fallback face.
  await Promise.allSettled(needed.map((face) => fontFaces.get(face)!.load()));
  for (const fontFace of fontFaces.values()) doc.fonts.add(fontFace);
}
