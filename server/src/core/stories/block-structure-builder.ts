/**
 * The tree builder of stage 2: receives the stage-1 output as open/close/text events and builds
 * a DOM that obeys `block-structure-model`. Content that does not fit where it appears either
 * closes what cannot hold it, gets an implicit wrapper, or is unwrapped (keeping its content).
 * Inline formatting is tracked apart from the open elements, so that it can be reopened inside a
 * block that interrupted it, as browsers do (`<b>a<p>b</p></b>` keeps `b` bold).
 */
import { Element, Text, isText, type ChildNode } from 'domhandler';
import { ALL_WHITESPACE, Incoming, Kind, accepts, incomingOf, kindOf, wrapperFor } from './block-structure-model';

/**
 * The builder never nests deeper than this, below stage 1's nesting limit (120), so that
 * sanitising our own output never cuts it.
 */
const MAX_OUTPUT_DEPTH = 80;

/**
 * Inline marks nested deeper than this are dropped (their text is kept). Eight covers any formatting a
 * person applies; without a cap, 80 unclosed marks were reopened in each of 20,000 paragraphs (97x the input).
 */
export const MAX_INLINE_DEPTH = 8;

/**
 * Reopening marks in later blocks may add at most this many bytes, plus an eighth of the input: beyond it,
 * later blocks get their text without the carried-over marks, so the output stays linear in the input.
 */
const REOPEN_ALLOWANCE_BYTES = 16 * 1024;

/** A blank line inside loose text: it starts a new paragraph. */
const BLANK_LINES = /\n(?:[^\S\n]*\n)+/;

/** A start tag of the stage-1 output (identity matters: one object per element). */
export interface SourceTag {
  name: string;
  attribs: Record<string, string>;
}

interface Frame {
  /** Output element; null for the root. */
  el: Element | null;
  /** Source element this frame copies (null for root and implicit wrappers). */
  src: SourceTag | null;
  kind: Kind;
  implicit: boolean;
}

const NOTHING = (): void => {};

export class TreeBuilder {
  readonly root: ChildNode[] = [];
  private readonly stack: Frame[] = [{ el: null, src: null, kind: Kind.Root, implicit: false }];
  /** Source inline elements currently entered (reopened lazily where content appears). */
  private readonly inlineSrc: SourceTag[] = [];
  /** Implicit paragraphs, trimmed/removed at the end. */
  readonly implicitParagraphs: Element[] = [];
  /** Figures, removed at the end when they got no image (see finishFigure in normalize-block-structure). */
  readonly figures: Element[] = [];
  /** Source inline elements already copied once: a further copy is a reopening and costs budget. */
  private readonly copied = new WeakSet<SourceTag>();
  /** Bytes that reopened copies may still add. */
  private reopenBudget: number;

  constructor(inputLength = 0) {
    this.reopenBudget = REOPEN_ALLOWANCE_BYTES + Math.floor(inputLength / 8);
  }

  /** What to do when the element opened by `open` closes. */
  open(src: SourceTag): () => void {
    const name = src.name;
    if (name === 'br' || name === 'img') {
      this.voidInline(src);
      return NOTHING;
    }
    if (name === 'figcaption') return this.enterCaption(src);
    if (name === 'hr') {
      this.hr(src);
      return NOTHING;
    }
    const kind = kindOf(name);
    if (kind === Kind.Inline) return this.enterInline(src) ? () => this.leaveInline(src) : NOTHING;
    if (kind === null) return NOTHING; // unknown: keep the content only
    const depth = this.enterBlock(src, kind);
    return depth >= 0 ? () => this.leaveBlock(depth) : NOTHING;
  }

  text(data: string): void {
    if (data === '') return;
    if (ALL_WHITESPACE.test(data)) {
      const k = this.top().kind;
      if (
        k === Kind.Root ||
        k === Kind.Blockquote ||
        k === Kind.List ||
        k === Kind.Table ||
        k === Kind.Section ||
        k === Kind.Row ||
        k === Kind.Figure
      ) {
        // formatting whitespace between blocks; also inside implicit wrappers of those
        return;
      }
    }
    this.preparePhrasing();
    const container = this.stack[this.containerIndex()]!;
    if (!(container.implicit && container.el?.name === 'p')) {
      this.appendText(data);
      return;
    }
    // loose text: blank lines separate paragraphs
    const parts = data.split(BLANK_LINES);
    this.appendText(parts[0]!);
    let open = true;
    for (let k = 1; k < parts.length; k++) {
      if (open) this.popTo(this.containerIndex()); // close the implicit paragraph (and inline copies in it)
      const part = parts[k]!;
      open = !ALL_WHITESPACE.test(part);
      if (!open) continue;
      this.preparePhrasing();
      this.appendText(part);
    }
  }

  private voidInline(src: SourceTag): void {
    if (src.name === 'img' && !src.attribs.src) return; // no acceptable source: no image
    const top = this.top();
    if (src.name === 'img' && top.kind === Kind.Figure && top.el!.children.length === 0) {
      this.appendNode(copyOf(src)); // the figure's one image
      return;
    }
    this.preparePhrasing();
    this.appendNode(copyOf(src));
  }

  private hr(src: SourceTag): void {
    if (!this.prepare(Incoming.Flow)) return;
    this.appendNode(copyOf(src));
  }

  /**
   * A figcaption right after a figure's image is the figure's caption (inline content only); anywhere else it
   * is unwrapped, and its text then closes the figure like any other content would.
   */
  private enterCaption(src: SourceTag): () => void {
    const top = this.top();
    if (top.kind !== Kind.Figure || top.el!.children.length !== 1) return NOTHING;
    const depth = this.stack.length;
    this.push(copyOf(src), src, Kind.TextBlock, false);
    return () => this.popTo(depth);
  }

  /** Returns true if the element was entered (must be left with leaveInline). */
  private enterInline(src: SourceTag): boolean {
    if (src.name === 'a' && this.inlineSrc.some((e) => e.name === 'a')) return false; // no nested links
    if (this.inlineSrc.length >= MAX_INLINE_DEPTH) return false;
    this.inlineSrc.push(src);
    return true;
  }

  private leaveInline(src: SourceTag): void {
    const i = this.inlineSrc.lastIndexOf(src);
    if (i >= 0) this.inlineSrc.splice(i, 1);
    for (let s = this.stack.length - 1; s > 0; s--) {
      const f = this.stack[s]!;
      if (f.src === src) {
        this.popTo(s);
        return;
      }
      if (f.kind !== Kind.Inline) return;
    }
  }

  /** Enters a block-level source element; returns the stack length to restore on leave, or -1 if unwrapped. */
  private enterBlock(src: SourceTag, kind: Kind): number {
    if (!this.prepare(incomingOf(kind))) return -1;
    if (this.stack.length >= MAX_OUTPUT_DEPTH) return -1;
    const depth = this.stack.length;
    this.push(copyOf(src), src, kind, false);
    return depth;
  }

  private leaveBlock(depth: number): void {
    this.popTo(depth);
  }

  /**
   * Makes the stack top accept `what`: closes what cannot hold it, opens implicit wrappers.
   * Returns false if `what` cannot be placed here (the element is then unwrapped).
   */
  private prepare(what: Incoming): boolean {
    if (!this.canPlace(what)) return false;
    // close what cannot hold it: inline elements and text blocks (for blocks), stale implicit wrappers
    for (;;) {
      const top = this.top();
      if (accepts(top.kind, what)) return true;
      if (top.kind === Kind.Inline || top.kind === Kind.TextBlock || top.kind === Kind.Figure || (top.implicit && top.kind !== Kind.Root)) {
        this.stack.pop();
        continue;
      }
      break;
    }
    // open implicit wrappers until it fits
    for (;;) {
      const top = this.top();
      if (accepts(top.kind, what)) return true;
      const wrapper = wrapperFor(top.kind, what);
      if (wrapper === null || this.stack.length >= MAX_OUTPUT_DEPTH) return false;
      this.push(new Element(wrapper, {}), null, kindOf(wrapper)!, true);
    }
  }

  /** Whether prepare(what) would succeed (checked first, so that an unwrapped element closes nothing). */
  private canPlace(what: Incoming): boolean {
    let i = this.stack.length - 1;
    for (; i > 0; i--) {
      const f = this.stack[i]!;
      if (accepts(f.kind, what)) return true;
      if (!(f.kind === Kind.Inline || f.kind === Kind.TextBlock || f.kind === Kind.Figure || f.implicit)) break;
    }
    let kind = this.stack[i]!.kind;
    for (let depth = i + 1; ; depth++) {
      if (accepts(kind, what)) return true;
      const wrapper = wrapperFor(kind, what);
      if (wrapper === null || depth >= MAX_OUTPUT_DEPTH) return false;
      kind = kindOf(wrapper)!;
    }
  }

  /** Prepares a place for phrasing content (at the depth limit it goes to the current top as is). */
  private preparePhrasing(): void {
    if (this.prepare(Incoming.Phrasing)) this.reopenInline();
  }

  /** Reopens the entered inline elements (in order) on top of the current container. */
  private reopenInline(): void {
    let base = this.stack.length;
    while (base > 1 && this.stack[base - 1]!.kind === Kind.Inline) base--;
    let i = 0;
    while (base + i < this.stack.length && i < this.inlineSrc.length && this.stack[base + i]!.src === this.inlineSrc[i]) i++;
    this.popTo(base + i);
    for (; i < this.inlineSrc.length; i++) {
      if (this.stack.length >= MAX_OUTPUT_DEPTH) return;
      const src = this.inlineSrc[i]!;
      if (this.copied.has(src)) {
        const cost = tagBytes(src);
        if (cost > this.reopenBudget) return; // spent: the text goes on without the remaining marks
        this.reopenBudget -= cost;
      } else {
        this.copied.add(src);
      }
      this.push(copyOf(src), src, Kind.Inline, false);
    }
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  /** The nearest non-inline frame index. */
  private containerIndex(): number {
    let i = this.stack.length - 1;
    while (i > 0 && this.stack[i]!.kind === Kind.Inline) i--;
    return i;
  }

  private push(el: Element, src: SourceTag | null, kind: Kind, implicit: boolean): void {
    this.appendNode(el);
    this.stack.push({ el, src, kind, implicit });
    if (implicit && el.name === 'p') this.implicitParagraphs.push(el);
    if (kind === Kind.Figure) this.figures.push(el);
  }

  private popTo(length: number): void {
    if (this.stack.length > length) this.stack.length = Math.max(1, length);
  }

  private appendNode(node: ChildNode): void {
    const parent = this.top().el;
    node.parent = parent;
    if (parent === null) this.root.push(node);
    else parent.children.push(node);
  }

  /** Appends text, merging it into a preceding text node. */
  private appendText(data: string): void {
    const parent = this.top().el;
    const siblings = parent === null ? this.root : parent.children;
    const last = siblings[siblings.length - 1];
    if (last !== undefined && isText(last)) last.data += data;
    else this.appendNode(new Text(data));
  }
}

/** What one copy of an inline element adds to the output: `<name attr="value">` and `</name>`. */
function tagBytes(src: SourceTag): number {
  let n = 2 * src.name.length + 5;
  for (const [k, v] of Object.entries(src.attribs)) n += k.length + v.length + 4;
  return n;
}

/** A fresh output element for a source tag (attributes copied: each copy is its own node). */
function copyOf(src: SourceTag): Element {
  const attribs: Record<string, string> = {};
  for (const [name, value] of Object.entries(src.attribs)) {
    // An attribute left empty (its value was only control characters) is dropped, as stage 1 drops it on the
    // next pass (sanitize-html keeps only `alt` empty): the output must sanitise to itself.
    if (value !== '' || name === 'alt') attribs[name] = value;
  }
  return new Element(src.name, attribs);
}
