// A small model of the story editor for the model test (docs/editor.md, "The model test"): the story as a flat list
// of lines (paragraphs, headings, list items, photos with their caption, and photos still uploading) and a caret,
// with what each of the writer's actions should do to them, written from the typing rules rather than from the code.
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { EditorState } from '@milkdown/kit/prose/state';
import { headingLevelFor } from '../block-input-rules';
import { placeholderIds, placeholderPos } from '../photo-plugin';
import { PHOTO, PHOTO_CAPTION } from '../photo-schema';

export type TextKind = 'p' | 'h2' | 'h3' | 'li';
export type Line =
  | { kind: TextKind; text: string }
  | { kind: 'photo'; src: string; caption: string }
  /** A photo still uploading: a placeholder between lines, not part of the text. */
  | { kind: 'uploading'; id: string };

export interface Model {
  lines: Line[];
  /** The line holding the caret (a photo's: in its caption) and the offset in its text. */
  caret: { line: number; offset: number };
}

const textOf = (line: Line): string => (line.kind === 'photo' ? line.caption : line.kind === 'uploading' ? '' : line.text);

function withText(line: Line, text: string): Line {
  if (line.kind === 'photo') return { ...line, caption: text };
  if (line.kind === 'uploading') return line;
  return { ...line, text };
}

function caretLine(m: Model): Line {
  return m.lines[m.caret.line]!;
}

/** Characters typed at the caret, as they stay (no shortcut). */
export function typed(m: Model, text: string): Model {
  const line = caretLine(m);
  const t = textOf(line);
  const { offset } = m.caret;
  const lines = m.lines.slice();
  lines[m.caret.line] = withText(line, t.slice(0, offset) + text + t.slice(offset));
  return { lines, caret: { line: m.caret.line, offset: offset + text.length } };
}

const isEmptyPlainLine = (line: Line, kinds: readonly string[]) => kinds.includes(line.kind) && textOf(line) === '';

/** "#"… and a space, then `word`: a heading on an empty paragraph or heading, else the characters as typed. */
export function headingShortcut(m: Model, hashes: number, word: string): Model {
  const line = caretLine(m);
  if (!isEmptyPlainLine(line, ['p', 'h2', 'h3'])) return typed(m, `${'#'.repeat(hashes)} ${word}`);
  const lines = m.lines.slice();
  lines[m.caret.line] = { kind: `h${headingLevelFor(hashes)}`, text: word };
  return { lines, caret: { line: m.caret.line, offset: word.length } };
}

/** "- " then `word`: a list item on an empty paragraph, else the characters as typed. */
export function listShortcut(m: Model, word: string): Model {
  if (!isEmptyPlainLine(caretLine(m), ['p'])) return typed(m, `- ${word}`);
  const lines = m.lines.slice();
  lines[m.caret.line] = { kind: 'li', text: word };
  return { lines, caret: { line: m.caret.line, offset: word.length } };
}

export function enter(m: Model): Model {
  const line = caretLine(m);
  const at = m.caret.line;
  const lines = m.lines.slice();
  if (line.kind === 'photo') {
    // A caption is one line: Enter goes on in a new paragraph below the photo.
    lines.splice(at + 1, 0, { kind: 'p', text: '' });
    return { lines, caret: { line: at + 1, offset: 0 } };
  }
  if (line.kind === 'uploading') throw new Error('the caret is never on an uploading photo');
  if (line.kind === 'li' && line.text === '') {
    // Enter on an empty list item ends the list there.
    lines[at] = { kind: 'p', text: '' };
    return { lines, caret: m.caret };
  }
  const { offset } = m.caret;
  const atEnd = offset === line.text.length;
  if (line.kind !== 'li' && !atEnd && offset === 0) {
    // At the start of a line with text: an empty paragraph above it, and the line stays what it is.
    lines.splice(at, 0, { kind: 'p', text: '' });
    return { lines, caret: { line: at + 1, offset: 0 } };
  }
  // At the end of a heading a paragraph starts; elsewhere both halves keep the line's kind.
  const kind: TextKind = atEnd && line.kind !== 'li' ? 'p' : line.kind;
  lines.splice(at, 1, { kind: line.kind, text: line.text.slice(0, offset) }, { kind, text: line.text.slice(offset) });
  return { lines, caret: { line: at + 1, offset: 0 } };
}

/** Whether "Add photo" applies here in the model: the caret on a paragraph or heading (not a list or a caption). */
export function canAddPhoto(m: Model): boolean {
  return ['p', 'h2', 'h3'].includes(caretLine(m).kind);
}

/** A photo added at the caret: it waits between lines, and the caret goes to the line below it. */
export function photoAdded(m: Model, id: string): Model {
  const line = caretLine(m);
  const at = m.caret.line;
  const lines = m.lines.slice();
  const text = textOf(line);
  if (text === '' || m.caret.offset === 0) {
    // Before the caret's line; the caret stays there when that line is a paragraph, else goes to a new one.
    if (line.kind === 'p') {
      lines.splice(at, 0, { kind: 'uploading', id });
      return { lines, caret: { line: at + 1, offset: 0 } };
    }
    lines.splice(at, 0, { kind: 'uploading', id }, { kind: 'p', text: '' });
    return { lines, caret: { line: at + 1, offset: 0 } };
  }
  // Right after the caret's line: above photos still uploading there, as above photos already in (where a photo
  // goes never depends on whether another has landed), with a new line for the caret unless an empty one is there.
  const place = at + 1;
  const below = lines[place];
  if (below?.kind === 'p' && below.text === '') lines.splice(place, 0, { kind: 'uploading', id });
  else lines.splice(place, 0, { kind: 'uploading', id }, { kind: 'p', text: '' });
  return { lines, caret: { line: place + 1, offset: 0 } };
}

/**
 * A chapter from the question picker: a heading with the question after the last line (an empty last paragraph gives
 * way to it), and the caret on a new empty line under it. Photos still uploading stay where they are.
 */
export function chapterAdded(m: Model, title: string): Model {
  const lines = m.lines.slice();
  const last = lines[lines.length - 1];
  if (last?.kind === 'p' && last.text === '') lines.pop();
  lines.push({ kind: 'h2', text: title }, { kind: 'p', text: '' });
  return { lines, caret: { line: lines.length - 1, offset: 0 } };
}

/**
 * A photo dropped on a paragraph or heading at `offset` in its text, wherever the caret is: it goes before that line
 * when the offset is 0 or the line is empty, else right after it (above photos still uploading there). The caret
 * goes below the photo: into the empty paragraph there, or where it was when it was at the start of the paragraph
 * there, or into a new empty paragraph.
 */
export function photoDropped(m: Model, line: number, offset: number, id: string): Model {
  const target = m.lines[line]!;
  const place = textOf(target) === '' || offset === 0 ? line : line + 1;
  const lines = m.lines.slice();
  const below = lines[place];
  const caretThere = m.caret.line === place && m.caret.offset === 0;
  const intoBelow = below?.kind === 'p' && (below.text === '' || caretThere);
  lines.splice(
    place,
    0,
    ...(intoBelow ? [{ kind: 'uploading', id } as const] : [{ kind: 'uploading', id } as const, { kind: 'p', text: '' } as const]),
  );
  return { lines, caret: { line: place + 1, offset: 0 } };
}

/** Whether a photo may be dropped on this line in the model (a paragraph or heading: not a list or a caption). */
export function canDropOn(line: Line): boolean {
  return ['p', 'h2', 'h3'].includes(line.kind);
}

/** The upload finished: the photo takes its placeholder's place (with a paragraph after it when it is last). */
export function photoLanded(m: Model, id: string, src: string): Model {
  const at = m.lines.findIndex((l) => l.kind === 'uploading' && l.id === id);
  const lines = m.lines.slice();
  lines[at] = { kind: 'photo', src, caption: '' };
  if (at === lines.length - 1) lines.push({ kind: 'p', text: '' });
  return { lines, caret: m.caret };
}

export function clickAt(m: Model, line: number, offset: number): Model {
  return { lines: m.lines, caret: { line, offset } };
}

/** The lines the caret can be put on (not photos still uploading). */
export function caretLines(m: Model): number[] {
  return m.lines.flatMap((l, i) => (l.kind === 'uploading' ? [] : [i]));
}

/** The lines as stored HTML read back gives them: runs of spaces collapsed, no spaces at a line's ends. */
function stored(lines: readonly Line[]): Line[] {
  const tidy = (t: string) => t.replace(/\s+/g, ' ').trim();
  const kept = lines.filter((l) => l.kind !== 'uploading').map((l) => withText(l, tidy(textOf(l))));
  // A story with no words and no photo is stored as '' and opens as one empty paragraph.
  if (kept.every((l) => l.kind !== 'photo' && textOf(l) === '')) return [{ kind: 'p', text: '' }];
  return kept;
}

/** The editor opened again on stored HTML of these lines: uploads in flight are gone, the caret at the end of the text. */
export function reopened(lines: readonly Line[]): Model {
  const next = stored(lines);
  let line = next.length - 1;
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]!.kind !== 'photo') {
      line = i;
      break;
    }
  }
  return { lines: next, caret: { line, offset: textOf(next[line]!).length } };
}

/** The editor's document and selection in the model's terms, placeholders of uploading photos included. */
export function observe(state: EditorState, uploading: readonly string[]): Model {
  return observeWithPositions(state, uploading).model;
}

/** Where the text of the model's line `line` starts in the document (a photo's: its caption's). */
export function textStart(state: EditorState, uploading: readonly string[], line: number): number {
  const start = observeWithPositions(state, uploading).starts[line];
  if (start === undefined || start < 0) throw new Error(`line ${line} has no text`);
  return start;
}

function observeWithPositions(state: EditorState, uploading: readonly string[]): { model: Model; starts: number[] } {
  const lines: Line[] = [];
  const starts: number[] = [];
  let caret = { line: -1, offset: -1 };
  // In the order they are shown (at one place, top first); one the editor lost is reported below.
  const shown = placeholderIds(state).filter((id) => uploading.includes(id));
  const places = [...shown, ...uploading.filter((id) => !shown.includes(id))].map((id) => ({ id, pos: placeholderPos(state, id) }));
  const { $from } = state.selection;
  const placeholdersAt = (pos: number) => {
    for (const p of places) {
      if (p.pos !== pos) continue;
      starts.push(-1);
      lines.push({ kind: 'uploading', id: p.id });
    }
  };
  const textLine = (node: ProseNode, pos: number, kind: TextKind | 'other') => {
    if ($from.pos > pos && $from.pos < pos + node.nodeSize && $from.parent === node)
      caret = { line: lines.length, offset: $from.parentOffset };
    starts.push(pos + 1);
    lines.push({ kind: kind as TextKind, text: node.textContent });
  };
  state.doc.forEach((block, pos) => {
    placeholdersAt(pos);
    const name = block.type.name;
    if (name === 'paragraph') textLine(block, pos, 'p');
    else if (name === 'heading') textLine(block, pos, `h${block.attrs.level}` as TextKind);
    else if (name === 'bullet_list') {
      block.forEach((item, itemOffset) => {
        const para = item.firstChild;
        if (item.childCount !== 1 || !para) {
          starts.push(-1);
          lines.push({ kind: 'other' as TextKind, text: `list item ${item.toString()}` });
        } else textLine(para, pos + 1 + itemOffset + 1, 'li');
      });
    } else if (name === PHOTO) {
      const caption = block.firstChild!;
      if (caption.type.name === PHOTO_CAPTION && $from.parent === caption) caret = { line: lines.length, offset: $from.parentOffset };
      starts.push(pos + 2);
      lines.push({ kind: 'photo', src: String(block.attrs.src), caption: caption.textContent });
    } else {
      starts.push(-1);
      lines.push({ kind: name as TextKind, text: block.toString() });
    }
  });
  placeholdersAt(state.doc.content.size);
  // A placeholder anywhere but between top-level lines is out of place.
  const seen = new Set(lines.flatMap((l) => (l.kind === 'uploading' ? [l.id] : [])));
  for (const p of places) if (!seen.has(p.id)) lines.push({ kind: 'uploading', id: `${p.id} out of place at ${p.pos}` });
  return { model: { lines, caret }, starts };
}
