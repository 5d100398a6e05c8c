/**
 * Stage 2 of the story sanitiser: gives the (already safe) stage-1 output a clean block
 * structure and serialises it canonically.
 *
 * The HTML is streamed through htmlparser2 (no intermediate DOM) into the `TreeBuilder`; the
 * implicit paragraphs it opened for loose text are then trimmed, and dropped when nothing
 * visible is left, so that stray whitespace does not turn into empty `<p>`s.
 */
import { Parser } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { serializeNodes } from './html-text';
import { ALL_WHITESPACE, INLINE_TAGS } from './block-structure-model';
import { TreeBuilder } from './block-structure-builder';

/** Stage 2: stage-1 output with its block structure fixed, serialised by `serializeNodes`. */
export function normalizeBlockStructure(filtered: string): string {
  return serializeNodes(normalizeToNodes(filtered));
}

/**
 * Stage 2 as a tree: the top-level nodes that `normalizeBlockStructure` serialises. Parsing that
 * serialisation gives the same tree again, so the page splitter can take these nodes as they are.
 */
export function normalizeToNodes(filtered: string): ChildNode[] {
  const builder = build(filtered);
  for (const p of builder.implicitParagraphs) finishImplicitParagraph(p, builder.root);
  for (const figure of builder.figures) finishFigure(figure, builder.root);
  return builder.root;
}

/** Feeds the HTML through htmlparser2 into a new builder; adjacent text events become one. */
function build(filtered: string): TreeBuilder {
  const builder = new TreeBuilder(filtered.length);
  const closers: Array<() => void> = [];
  let text = '';
  const flushText = (): void => {
    if (text !== '') builder.text(text);
    text = '';
  };
  const parser = new Parser({
    onopentag: (name, attribs) => {
      flushText();
      closers.push(builder.open({ name, attribs }));
    },
    onclosetag: () => {
      flushText();
      closers.pop()?.();
    },
    ontext: (data) => {
      text += data;
    },
    onend: flushText,
  });
  parser.write(filtered);
  parser.end();
  flushText();
  return builder;
}

/**
 * A figure holds its image and perhaps a caption (the builder placed nothing else in it): one that got no image
 * is removed (it is empty), and a caption with nothing visible in it goes.
 */
function finishFigure(figure: Element, root: ChildNode[]): void {
  const caption = figure.children[1];
  if (caption && isTag(caption) && !hasVisibleContent(caption)) figure.children.splice(1, 1);
  if (figure.children.length === 0) {
    const siblings = figure.parent ? (figure.parent as Element).children : root;
    const i = siblings.indexOf(figure);
    if (i >= 0) siblings.splice(i, 1);
  }
}

/** Trims the edges of an implicit paragraph; removes it when nothing visible is left. */
function finishImplicitParagraph(p: Element, root: ChildNode[]): void {
  trimEdge(p, true);
  trimEdge(p, false);
  if (!hasVisibleContent(p)) {
    const siblings = p.parent ? (p.parent as Element).children : root;
    const i = siblings.indexOf(p);
    if (i >= 0) siblings.splice(i, 1);
  }
}

/** Removes leading (or trailing) whitespace text, pruning inline elements left empty. Returns true when content stops it. */
function trimEdge(el: Element, leading: boolean): boolean {
  const children = el.children;
  while (children.length > 0) {
    const i = leading ? 0 : children.length - 1;
    const child = children[i]!;
    if (isText(child)) {
      const trimmed = leading ? child.data.trimStart() : child.data.trimEnd();
      if (trimmed !== '') {
        child.data = trimmed;
        return true;
      }
      children.splice(i, 1);
      continue;
    }
    if (isTag(child) && INLINE_TAGS.has(child.name)) {
      if (trimEdge(child, leading)) return true;
      children.splice(i, 1); // became empty
      continue;
    }
    return true; // br, img: visible content
  }
  return false;
}

function hasVisibleContent(el: Element): boolean {
  for (const child of el.children) {
    if (isText(child)) {
      if (!ALL_WHITESPACE.test(child.data)) return true;
    } else if (isTag(child)) {
      if (child.name === 'img') return true;
      if (hasVisibleContent(child)) return true;
    }
  }
  return false;
}
