// A chapter added from the question picker (docs/decisions/0028-questions-by-life-stage.md): a heading (h2) with the
// question at the END of the text and an empty line under it, where the caret goes. One transaction, so one Undo takes
// it away and autosave sees it as any other edit.
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { type EditorState, TextSelection, type Transaction } from '@milkdown/kit/prose/state';

/** The transaction that adds the chapter; null when the schema has no heading (never, with the story's). */
export function addChapterTransaction(state: EditorState, title: string): Transaction | null {
  const { schema, doc } = state;
  const heading = schema.nodes.heading;
  const paragraph = schema.nodes.paragraph;
  const text = title.replace(/\s+/g, ' ').trim();
  if (!heading || !paragraph || !text) return null;
  const chapter = [heading.create({ level: 2 }, schema.text(text)), paragraph.create()];
  const last: ProseNode | null = doc.lastChild;
  const end = doc.content.size;
  const tr = state.tr.insert(end, chapter);
  // An empty last line (a new story's only line, or the line left for the caret under a photo) gives way to the
  // chapter; any other last block stays, and the chapter goes after it. A photo still uploading just before that
  // empty line stays where it is, before the chapter (add-chapter.test.ts).
  if (last?.type === paragraph && last.content.size === 0) tr.delete(end - last.nodeSize, end);
  // Inside the new empty line, the last block.
  const caret = tr.doc.content.size - 1;
  return tr.setSelection(TextSelection.create(tr.doc, caret)).scrollIntoView();
}

/** Where the last chapter heading (h2) reading as `title` starts in the text; null when there is none. */
export function chapterPosition(doc: ProseNode, title: string): number | null {
  const plain = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const wanted = plain(title);
  let found: number | null = null;
  doc.forEach((node, offset) => {
    if (node.type.name === 'heading' && node.attrs.level === 2 && plain(node.textContent) === wanted) found = offset;
  });
  return found;
}
