/** A story body made safe and cut into pages (core/stories/format-story.ts holds the rules). */
export interface FormattedStory {
  body: string;
  pages: string[];
  /** Words of the visible text (revisions keep it). */
  word_count: number;
}

/**
 * Runs the core's `formatStory` where it cannot hold up other requests. Rejects with the core's AppError
 * when the story cannot be stored (too complex, or over its time budget), or UNAVAILABLE when busy.
 */
export interface StoryFormatter {
  readonly name: string;
  format(html: string): Promise<FormattedStory>;
  close(): Promise<void>;
}
