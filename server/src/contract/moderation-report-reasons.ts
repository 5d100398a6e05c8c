// The report form's reasons and lengths, shared by the server and the client. No imports: the client bundles this
// file without zod (the reader's bundle carries the report dialog).
export const MODERATION_LIMITS = { noteMax: 1000, reasonMax: 500 } as const;

/** Why someone reports an item: a fixed list, so the queue can be read at a glance. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  harassment: 'Bullying or harassment',
  hate: 'Hateful words about a group of people',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  private_information: "Someone's private information",
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
