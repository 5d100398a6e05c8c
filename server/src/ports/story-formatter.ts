import type { Chapter } from '../contract/stories';

/** What the uploads table knows of one photo a story names (core/stories/photo-html.ts uses it). */
export interface PhotoInfo {
  width: number;
  height: number;
  /** Widths of the responsive sizes made for it, ascending. */
  sizes: number[];
}

/** Photos by upload name (`<32 hex>.jpg`). */
export type PhotoMap = Readonly<Record<string, PhotoInfo>>;

/**
 * The refusal of a story whose stored form would outgrow its input (core/stories/format-story.ts) or that ran out
 * of its worker's memory: the core and every adapter refuse it with the same sentence.
 */
export const TOO_COMPLEX = 'This story is too complex to save; please simplify its formatting.';

/** A story body made safe and cut into pages (core/stories/format-story.ts holds the rules). */
export interface FormattedStory {
  body: string;
  pages: string[];
  /** Words of the visible text (revisions keep it). */
  word_count: number;
  /** The story's chapters with the page each starts on (core/stories/chapters.ts). */
  chapters: Chapter[];
}

/**
 * Runs the core's `formatStory` where it cannot hold up other requests. Rejects with the core's AppError
 * when the story cannot be stored (too complex, or over its budget of CPU time), or UNAVAILABLE when busy.
 */
export interface StoryFormatter {
  readonly name: string;
  /** `photos`: what the uploads table knows of the photos the body names (core/stories/photo-html.ts). */
  format(html: string, photos?: PhotoMap): Promise<FormattedStory>;
  /**
   * A draft's body as `format` would make it (no pages), to read a draft back: never refused as too complex
   * or for time, since autosave accepted it (core/stories/format-story.ts `formatDraftBody`). UNAVAILABLE when busy.
   */
  formatDraft(html: string, photos?: PhotoMap): Promise<{ body: string }>;
  close(): Promise<void>;
}
