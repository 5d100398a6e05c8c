// The chapter an answer becomes: the question as its heading (a chapter is an <h2>), the answer's paragraphs, and
// each photo as the editor stores one (docs/decisions/0016-photos.md) with an empty description, which the editor
// shows as "No description yet" with its "Describe photo" button.
import { escapeHtml } from '../shared/escape-html';

export interface ChapterPhoto {
  name: string;
  width: number;
  height: number;
}

export function answerChapterHtml(question: string, paragraphs: readonly string[], photos: readonly ChapterPhoto[]): string {
  const parts = [`<h2>${escapeHtml(question)}</h2>`, ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`)];
  for (const photo of photos) {
    parts.push(`<figure><img src="/media/${escapeHtml(photo.name)}" alt="" width="${photo.width}" height="${photo.height}"></figure>`);
  }
  return parts.join('');
}

/** A draft with the chapter after everything it holds. */
export function withChapter(draftHtml: string, chapter: string): string {
  return draftHtml.trim() === '' || draftHtml.trim() === '<p></p>' ? chapter : `${draftHtml}${chapter}`;
}
