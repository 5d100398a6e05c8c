/**
 * Splits sanitised story HTML into pages of at most `wordsPerPage` words (docs/architecture.md §3).
 *
 * Words are counted as in `html-text.ts`: whitespace-separated tokens of the text, where
 * block boundaries, `<br>`, `<hr>` and `<img>` separate words (so `<img>` counts 0 words).
 *
 * Algorithm (greedy, in document order, never dropping or duplicating text):
 * - Top-level nodes are taken in order. A block that fits on the current page is added to it;
 *   a block that does not fit but would fit on an empty page closes the current page (if it is
 *   non-empty) and starts the next one. Exactly `wordsPerPage` words fit on one page.
 * - A block with more words than a page holds is split: its parts first fill the rest of the
 *   current page, then the following pages. Lists are cut between `<li>` (an `<ol>` continuation
 *   gets the right `start`), tables between rows (the `<thead>` is repeated in every part when it
 *   holds at most half a page, and a row cut between cells starts with one empty cell spanning the
 *   columns before the continued cell), blockquotes
 *   (and list items, cells) between their child blocks, and paragraph-like content (p, h1-h6, pre,
 *   loose inline content) at sentence ends: `.`, `!`, `?`, `…` (or `。！？`), optionally followed by closing
 *   quotes/brackets) and then whitespace; in `<pre>` also at line breaks. A sentence longer than
 *   a page is cut between words. Every element around a cut is closed before it and reopened
 *   (a shallow copy with the same attributes) after it, so inline markup such as `<em>` or `<a>`
 *   carries over. Hence every page holds at most `wordsPerPage` words.
 * - Chapters (docs/decisions/0029-chapters.md): a top-level `<h2>` starts a chapter. It starts a new page when
 *   the current page already holds at least half of `wordsPerPage` (words plus photo space, as counted here),
 *   so that a chapter rarely begins at the foot of a page; on a page less than half full it follows on.
 * - Because a split block first fills the current page, and the chapter rule looks only at how full the
 *   current page is, splitting the concatenation of the pages again gives the same pages.
 *
 * Output: each page is the canonical serialisation (see `serializeNodes`) of its top-level nodes,
 * concatenated with no separator. Whitespace-only text between top-level blocks is dropped.
 * An input with no content (empty, whitespace only) gives exactly one empty page: `['']`.
 * An input with only zero-word blocks (e.g. `<p></p>`) gives one page holding that markup.
 * There is always at least one page.
 *
 * Photos (docs/decisions/0016-photos.md): each `<figure>` (photo and caption, what the editor writes) takes the
 * page space of its caption's words plus PHOTO_PAGE_WORDS, at most a page, so a page holds at most 15 photos
 * with their text. A figure is never cut from its caption: one that does not fit starts the next page, and one
 * whose caption alone is longer than a page is a page of its own. A bare `<img>` of older stories counts as a
 * word separator only, as before.
 *
 * Expects sanitised HTML (shallow nesting); any HTML works, but very deep nesting may exhaust
 * the stack.
 */
import { Element, Text, cloneNode, isTag, isText, type AnyNode, type ChildNode } from 'domhandler';
import {
  WordCounter,
  countNodeWords,
  isBlockTag,
  isNonTextTag,
  isSeparatorTag,
  isWhitespaceCode,
  parseFragment,
  serializeNodes,
} from './html-text';

export const DEFAULT_WORDS_PER_PAGE = 900;

/** The page space one photo takes, in words (a photo is about a third of a screen; docs/decisions/0016-photos.md). */
export const PHOTO_PAGE_WORDS = 60;

/**
 * The page space photos add to their words: each `<figure>` counts PHOTO_PAGE_WORDS more than its caption's
 * words, but at most a page in all (unless its caption alone is more), so that a figure always fits on a fresh
 * page. Additive over the tree like words, so a block counts the same whole or in parts, and splitting pages
 * again gives the same pages.
 */
function photoSpace(nodes: readonly AnyNode[], limit: number): number {
  let extra = 0;
  for (const node of nodes) {
    if (!isTag(node) || node.children.length === 0) continue;
    if (node.name === 'figure') {
      const words = countNodeWords([node]);
      extra += Math.max(words, Math.min(words + PHOTO_PAGE_WORDS, limit)) - words;
    } else {
      extra += photoSpace(node.children, limit);
    }
  }
  return extra;
}

function pageWords(nodes: readonly AnyNode[], limit: number): number {
  return countNodeWords(nodes) + photoSpace(nodes, limit);
}

/** Largest colspan the sanitiser keeps. */
const MAX_COLSPAN = 1000;

const listItemWeight = (node: AnyNode): number => (isTag(node) && node.name === 'li' ? 1 : 0);

const columnSpan = (node: AnyNode): number => {
  if (!isTag(node) || (node.name !== 'td' && node.name !== 'th')) return 0;
  const span = Number.parseInt(node.attribs.colspan ?? '1', 10);
  return Number.isFinite(span) && span > 0 ? span : 1;
};

interface OpenFrame {
  src: Element;
  out: Element;
}

class Pager {
  readonly pages: string[] = [];
  private nodes: ChildNode[] = [];
  private words = 0;
  /** Output copies of the source elements currently open (a path from the top level). */
  private open: OpenFrame[] = [];
  /** Tables whose thead is repeated whenever the table is (re)opened, with its word count. */
  readonly repeatedHead = new Map<Element, { thead: Element; words: number }>();
  /** Per parent: for each child, the sum of `weight` over the preceding siblings (cached). */
  private readonly offsets = new Map<Element, Map<AnyNode, number>>();
  /** Elements with an id already opened once (their later parts go without it). */
  private readonly withId = new Set<Element>();

  constructor(readonly limit: number) {}

  get isEmpty(): boolean {
    return this.nodes.length === 0;
  }

  /** Whether the current page holds at least half a page (the chapter rule). */
  get halfFull(): boolean {
    return 2 * this.words >= this.limit;
  }

  private commonPrefix(path: readonly Element[]): number {
    const open = this.open;
    let k = 0;
    while (k < open.length && k < path.length && open[k]!.src === path[k]) k++;
    return k;
  }

  private overhead(path: readonly Element[], from: number): number {
    let words = 0;
    if (this.repeatedHead.size === 0) return 0;
    for (let i = from; i < path.length; i++) words += this.repeatedHead.get(path[i]!)?.words ?? 0;
    return words;
  }

  /** Whether `words` more words under `path` fit on the current page. */
  fits(words: number, path: readonly Element[]): boolean {
    return this.words + words + this.overhead(path, this.commonPrefix(path)) <= this.limit;
  }

  /** Whether `words` words under `path` fit on an empty page. */
  fitsFresh(words: number, path: readonly Element[]): boolean {
    return words + this.overhead(path, 0) <= this.limit;
  }

  /** Adds a node (moved, not copied) under `path`, reopening path elements as needed. */
  append(path: readonly Element[], node: ChildNode, words: number): void {
    const k = this.commonPrefix(path);
    this.open.length = k;
    for (let i = k; i < path.length; i++) {
      const src = path[i]!;
      const next = i + 1 < path.length ? path[i + 1]! : node;
      const out = this.reopen(src, next);
      this.attach(out);
      this.open.push({ src, out });
    }
    this.attach(node);
    this.words += words;
  }

  private attach(node: ChildNode): void {
    const top = this.open[this.open.length - 1];
    if (top === undefined) this.nodes.push(node);
    else top.out.children.push(node);
  }

  /** A shallow copy of `src` to hold its child `next` (on a new page or after a cut). */
  private reopen(src: Element, next: AnyNode): Element {
    const out = new Element(src.name, { ...src.attribs });
    // An id (a chapter's, added by format-story.ts) stays on the first part of a cut element: ids are unique.
    if (src.attribs.id !== undefined) {
      if (this.withId.has(src)) delete out.attribs.id;
      else this.withId.add(src);
    }
    if (src.name === 'ol') {
      const index = this.indexOf(src, next, listItemWeight);
      if (index > 0 || src.attribs.start !== undefined) {
        const start = Number.parseInt(src.attribs.start ?? '1', 10);
        out.attribs.start = String((Number.isFinite(start) ? start : 1) + index);
      }
    } else if (src.name === 'tr') {
      // keep the continued cell in its column: one empty cell spanning the columns before it
      const columns = this.indexOf(src, next, columnSpan);
      if (columns > 0) {
        out.children.push(new Element('td', columns === 1 ? {} : { colspan: String(Math.min(columns, MAX_COLSPAN)) }));
      }
    }
    const head = this.repeatedHead.get(src);
    if (head !== undefined) {
      out.children.push(cloneNode(head.thead, true));
      this.words += head.words;
    }
    return out;
  }

  /** Sum of `weight` over the siblings before `child` in `parent` (O(1) after the first call). */
  private indexOf(parent: Element, child: AnyNode, weight: (node: AnyNode) => number): number {
    let map = this.offsets.get(parent);
    if (map === undefined) {
      map = new Map();
      let n = 0;
      for (const c of parent.children) {
        map.set(c, n);
        n += weight(c);
      }
      this.offsets.set(parent, map);
    }
    return map.get(child) ?? 0;
  }

  addWords(words: number): void {
    this.words += words;
  }

  newPage(): void {
    if (this.nodes.length > 0) this.pages.push(serializeNodes(this.nodes));
    this.nodes = [];
    this.words = 0;
    this.open = [];
  }

  finish(): string[] {
    if (this.nodes.length > 0 || this.pages.length === 0) this.newPage();
    if (this.pages.length === 0) this.pages.push('');
    return this.pages;
  }
}

// --- flattening of a run of inline content -------------------------------------------------

interface Leaf {
  /** Position in the run text. */
  start: number;
  end: number;
  /** Text leaf (sliced on output) or an element kept whole (void or empty); null: a separator only. */
  node: ChildNode | null;
  path: readonly Element[];
}

class RunText {
  readonly parts: string[] = [];
  readonly leaves: Leaf[] = [];
  length = 0;

  add(text: string, node: ChildNode | null, path: readonly Element[]): void {
    const start = this.length;
    this.parts.push(text);
    this.length += text.length;
    if (node !== null) this.leaves.push({ start, end: this.length, node, path });
  }

  flatten(node: ChildNode, path: readonly Element[]): void {
    if (isText(node)) {
      this.add(node.data, node, path);
      return;
    }
    if (!isTag(node) || node.children.length === 0 || isNonTextTag(node.name)) {
      // kept whole: void/empty elements (a separator if br, img, hr or an empty block), comments
      this.add(isTag(node) && isSeparatorTag(node.name) ? ' ' : '', node, path);
      return;
    }
    const block = isBlockTag(node.name);
    if (block) this.add('\n', null, path);
    const inner = [...path, node];
    for (const child of node.children) this.flatten(child, inner);
    if (block) this.add('\n', null, path);
  }
}

// Terminators, closing quotes/brackets, whitespace. The lookbehind and the atomic-group emulation
// `(?=(...))\1` keep matching linear even on long runs of terminators.
const SENTENCE_END = /(?<![.!?…。！？])(?=([.!?…。！？]+))\1["'”’»)\]]*\s+/g;
/** In `<pre>`, line breaks also end a unit. */
const SENTENCE_END_OR_LINE = /(?<![.!?…。！？])(?=([.!?…。！？]+))\1["'”’»)\]]*\s+|\n\s*/g;

/** Cut positions (unit starts) after sentence ends; always starts with 0. */
function sentenceStarts(text: string, pre: boolean): number[] {
  const starts = [0];
  const re = pre ? SENTENCE_END_OR_LINE : SENTENCE_END;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (end < text.length && end > starts[starts.length - 1]!) starts.push(end);
  }
  return starts;
}

/** Start positions of the words in text[from, to). */
function wordStarts(text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  let inWord = false;
  for (let i = from; i < to; i++) {
    if (isWhitespaceCode(text.charCodeAt(i))) inWord = false;
    else if (!inWord) {
      inWord = true;
      starts.push(i);
    }
  }
  return starts;
}

class Splitter {
  private readonly pager: Pager;

  constructor(private readonly limit: number) {
    this.pager = new Pager(limit);
  }

  run(nodes: ChildNode[]): string[] {
    this.placeChildren(nodes, []);
    return this.pager.finish();
  }

  /**
   * Places sibling nodes: block elements one by one, maximal runs of other nodes (text, inline
   * elements) as one unit. Whitespace-only runs sit between blocks or at the edges and are dropped.
   */
  private placeChildren(children: readonly ChildNode[], path: readonly Element[]): void {
    let i = 0;
    while (i < children.length) {
      const child = children[i]!;
      if (isTag(child) && isBlockTag(child.name)) {
        this.placeBlock(child, path);
        i++;
        continue;
      }
      let j = i + 1;
      while (j < children.length && !(isTag(children[j]!) && isBlockTag((children[j] as Element).name))) j++;
      const run = children.slice(i, j);
      if (!run.every((n) => isText(n) && /^\s*$/.test(n.data))) this.placeRun(run, path);
      i = j;
    }
  }

  private placeBlock(el: Element, path: readonly Element[]): void {
    const pager = this.pager;
    // A chapter heading (top level only: one in a quote or a list is not a chapter) on a half-full page.
    if (path.length === 0 && el.name === 'h2' && !pager.isEmpty && pager.halfFull) pager.newPage();
    const words = pageWords([el], this.limit);
    if (pager.fits(words, path)) {
      pager.append(path, el, words);
      return;
    }
    if (!pager.isEmpty && (pager.fitsFresh(words, path) || el.name === 'figure')) {
      pager.newPage();
      pager.append(path, el, words);
      return;
    }
    if (el.name === 'figure') {
      pager.append(path, el, words); // never cut from its caption, even past a page
      return;
    }
    // larger than a page: split along its children, filling the current page first
    let children: readonly ChildNode[] = el.children;
    if (el.name === 'table') children = this.maybeRepeatHead(el, path);
    this.placeChildren(children, [...path, el]);
  }

  /** Decides whether the table's thead is repeated in every part; returns the children to place. */
  private maybeRepeatHead(table: Element, path: readonly Element[]): readonly ChildNode[] {
    const first = table.children.find((c) => isTag(c) || (isText(c) && !/^\s*$/.test(c.data)));
    if (first === undefined || !isTag(first) || first.name !== 'thead') return table.children;
    const headWords = pageWords([first], this.limit);
    let pathOverhead = 0;
    for (const p of path) pathOverhead += this.pager.repeatedHead.get(p)?.words ?? 0;
    if (pathOverhead + headWords > Math.floor(this.limit / 2)) return table.children;
    this.pager.repeatedHead.set(table, { thead: first, words: headWords });
    return table.children.filter((c) => c !== first);
  }

  private placeRun(run: readonly ChildNode[], path: readonly Element[]): void {
    const pager = this.pager;
    const counter = new WordCounter();
    for (const n of run) counter.node(n);
    const words = counter.count;
    let fits = pager.fits(words, path);
    if (!fits && !pager.isEmpty && pager.fitsFresh(words, path)) {
      pager.newPage();
      fits = true;
    }
    if (fits) {
      for (const [i, n] of run.entries()) pager.append(path, n, i === 0 ? words : 0);
      return;
    }
    this.splitRun(run, path);
  }

  /** Splits inline content at sentence ends (then word boundaries), filling pages greedily. */
  private splitRun(run: readonly ChildNode[], path: readonly Element[]): void {
    const pager = this.pager;
    const flat = new RunText();
    for (const n of run) flat.flatten(n, path);
    const text = flat.parts.join('');
    const total = text.length;
    const pre = path.some((e) => e.name === 'pre');
    const starts = sentenceStarts(text, pre);

    const leaves = flat.leaves;
    let leafIndex = 0;
    // emits text[a, b) (consecutive calls, increasing ranges)
    const emit = (a: number, b: number, words: number): void => {
      let accounted = false;
      while (leafIndex < leaves.length) {
        const leaf = leaves[leafIndex]!;
        if (leaf.start >= b && !(b === total && leaf.start === total)) break;
        const node = leaf.node!;
        if (isText(node)) {
          const from = Math.max(leaf.start, a);
          const to = Math.min(leaf.end, b);
          if (to > from) {
            pager.append(leaf.path, new Text(node.data.slice(from - leaf.start, to - leaf.start)), accounted ? 0 : words);
            accounted = true;
          }
          if (leaf.end > b) break; // rest of this text goes to the next range
        } else {
          pager.append(leaf.path, node, accounted ? 0 : words);
          accounted = true;
        }
        leafIndex++;
      }
      if (!accounted) pager.addWords(words); // cannot happen: words come from text leaves
    };

    // Consecutive units that land on the same page are emitted as one range (fewer nodes).
    let pendingFrom = -1;
    let pendingTo = -1;
    let pendingWords = 0;
    const flush = (): void => {
      if (pendingFrom >= 0) emit(pendingFrom, pendingTo, pendingWords);
      pendingFrom = -1;
      pendingWords = 0;
    };
    const take = (a: number, b: number, words: number): void => {
      if (pendingFrom < 0) pendingFrom = a;
      pendingTo = b;
      pendingWords += words;
    };
    const fitsNow = (words: number): boolean => pager.fits(pendingWords + words, path);
    const nextPage = (): void => {
      flush();
      pager.newPage();
    };

    for (let s = 0; s < starts.length; s++) {
      const a = starts[s]!;
      const b = s + 1 < starts.length ? starts[s + 1]! : total;
      const ws = wordStarts(text, a, b);
      const words = ws.length;
      if (fitsNow(words)) {
        take(a, b, words);
      } else if (pager.fitsFresh(words, path)) {
        nextPage();
        take(a, b, words);
      } else {
        // a sentence longer than a page: cut between words, filling the current page first
        for (let w = 0; w < ws.length; w++) {
          if (!fitsNow(1)) nextPage();
          take(w === 0 ? a : ws[w]!, w + 1 < ws.length ? ws[w + 1]! : b, 1);
        }
      }
    }
    flush();
  }
}

/**
 * Splits sanitised story HTML into pages of at most `wordsPerPage` words (see module comment).
 * Always returns at least one page; an input without content gives `['']`.
 * @throws RangeError if wordsPerPage is not a positive integer.
 */
export function splitIntoPages(sanitizedHtml: string, wordsPerPage = DEFAULT_WORDS_PER_PAGE): string[] {
  if (!Number.isInteger(wordsPerPage) || wordsPerPage < 1) {
    throw new RangeError(`wordsPerPage must be a positive integer, got ${wordsPerPage}`);
  }
  if (typeof sanitizedHtml !== 'string' || sanitizedHtml.trim() === '') return [''];
  return splitNodesIntoPages(parseFragment(sanitizedHtml), wordsPerPage);
}

/**
 * `splitIntoPages` for sanitised HTML already parsed (or built as the sanitiser's tree), saving a parse of
 * the whole story. The nodes are not changed. The caller handles an empty story (`['']`).
 */
export function splitNodesIntoPages(nodes: ChildNode[], wordsPerPage = DEFAULT_WORDS_PER_PAGE): string[] {
  if (!Number.isInteger(wordsPerPage) || wordsPerPage < 1) {
    throw new RangeError(`wordsPerPage must be a positive integer, got ${wordsPerPage}`);
  }
  return new Splitter(wordsPerPage).run(nodes);
}
