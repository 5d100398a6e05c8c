// The short report under the preview: what was not kept as it was in the document, in plain sentences
// (docs/decisions/0033-import-a-document.md). Nothing said means everything came through.
import type { ConversionNotes } from '../../ports/document-converter';
import type { DocxFacts } from './inspect-docx';

export interface ReportFacts {
  notes: ConversionNotes;
  docx?: DocxFacts;
  /** Photos kept without a description. */
  undescribed: number;
  /** Why pictures were not kept, with how many for each reason. */
  refused: ReadonlyMap<string, number>;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function importReport({ notes, docx, undescribed, refused }: ReportFacts): string[] {
  const lines: string[] = [];
  if (notes.footnotes > 0) lines.push(`${plural(notes.footnotes, 'footnote was', 'footnotes were')} added at the end, under "Notes".`);
  if (notes.tables > 0) lines.push(`${plural(notes.tables, 'table was', 'tables were')} kept as text, one line for each row.`);
  if (docx && docx.comments > 0)
    lines.push(`${plural(docx.comments, 'comment', 'comments')} in the margin ${docx.comments === 1 ? 'was' : 'were'} left out.`);
  if (docx && docx.trackedChanges > 0) lines.push('Tracked changes were taken as if you had accepted them all.');
  if (notes.linkedImages > 0) {
    lines.push(`${plural(notes.linkedImages, 'picture linked from the internet was', 'pictures linked from the internet were')} left out.`);
  }
  for (const [why, n] of refused) lines.push(`${plural(n, 'picture was', 'pictures were')} not added: ${why}`);
  if (undescribed > 0) {
    lines.push(`${plural(undescribed, 'photo has', 'photos have')} no description yet; you can add one in your draft.`);
  }
  return lines;
}
