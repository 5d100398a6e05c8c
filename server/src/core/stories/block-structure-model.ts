/**
 * The content model that stage 2 of the story sanitiser enforces, as pure lookup functions:
 * what kind of container each allowed element is, what each container accepts, and which
 * implicit wrapper makes misplaced content fit (loose text gets a `<p>`, a stray `<li>` a `<ul>`,
 * a cell outside a row a `<tr>`). Kept apart from the tree builder so the rules read as a table.
 */

/** The kind of an open element, as far as the content model cares. */
export const enum Kind {
  Root,
  Blockquote,
  TextBlock, // p, h1-h6, pre: inline content only
  Inline,
  Li,
  Cell,
  List,
  Table,
  Section,
  Row,
  /** <figure>: one img, then at most one figcaption (its TextBlock); anything else closes it. */
  Figure,
}

/** What is about to be inserted. */
export const enum Incoming {
  Phrasing, // text, inline elements, br, img
  Flow, // p, h*, pre, blockquote, ul, ol, table, hr, figure
  Li,
  Section,
  Tr,
  Cell,
}

export const INLINE_TAGS: ReadonlySet<string> = new Set(['a', 'strong', 'b', 'em', 'i', 's', 'del', 'u', 'sub', 'sup', 'code']);
const TEXT_BLOCK_TAGS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

/** Whitespace-only text: dropped between blocks, invisible at the edges of a loose paragraph. */
export const ALL_WHITESPACE = /^\s*$/;

/** The kind of an element that holds content, or null for anything else (br, img, hr, unknown). */
export function kindOf(name: string): Kind | null {
  if (INLINE_TAGS.has(name)) return Kind.Inline;
  if (TEXT_BLOCK_TAGS.has(name)) return Kind.TextBlock;
  switch (name) {
    case 'blockquote':
      return Kind.Blockquote;
    case 'li':
      return Kind.Li;
    case 'td':
    case 'th':
      return Kind.Cell;
    case 'ul':
    case 'ol':
      return Kind.List;
    case 'table':
      return Kind.Table;
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return Kind.Section;
    case 'tr':
      return Kind.Row;
    case 'figure':
      return Kind.Figure;
    default:
      return null;
  }
}

/** What inserting an element of this kind counts as. */
export function incomingOf(kind: Kind): Incoming {
  switch (kind) {
    case Kind.Li:
      return Incoming.Li;
    case Kind.Cell:
      return Incoming.Cell;
    case Kind.Section:
      return Incoming.Section;
    case Kind.Row:
      return Incoming.Tr;
    case Kind.Inline:
      return Incoming.Phrasing;
    default:
      return Incoming.Flow;
  }
}

export function accepts(kind: Kind, what: Incoming): boolean {
  switch (kind) {
    case Kind.Root:
    case Kind.Blockquote:
      return what === Incoming.Flow;
    case Kind.TextBlock:
    case Kind.Inline:
      return what === Incoming.Phrasing;
    case Kind.Li:
    case Kind.Cell:
      return what === Incoming.Phrasing || what === Incoming.Flow;
    case Kind.List:
      return what === Incoming.Li;
    case Kind.Table:
      return what === Incoming.Section || what === Incoming.Tr;
    case Kind.Section:
      return what === Incoming.Tr;
    case Kind.Row:
      return what === Incoming.Cell;
    case Kind.Figure:
      return false; // its img and figcaption are placed by the builder itself
  }
}

/** The implicit wrapper to open inside an (explicit) `kind` for `what`, or null: unwrap. */
export function wrapperFor(kind: Kind, what: Incoming): string | null {
  switch (kind) {
    case Kind.Root:
    case Kind.Blockquote:
      return what === Incoming.Phrasing ? 'p' : what === Incoming.Li ? 'ul' : null;
    case Kind.Li:
    case Kind.Cell:
      return what === Incoming.Li ? 'ul' : null;
    case Kind.List:
      return what === Incoming.Phrasing || what === Incoming.Flow ? 'li' : null;
    case Kind.Table:
    case Kind.Section:
      return what === Incoming.Section || what === Incoming.Tr ? null : 'tr';
    case Kind.Row:
      return what === Incoming.Section || what === Incoming.Tr ? null : 'td';
    default:
      return null;
  }
}
