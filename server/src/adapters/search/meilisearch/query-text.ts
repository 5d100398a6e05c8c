/**
 * The text sent as `q`. Meilisearch gives two characters a meaning the port does not have: `"` makes a phrase
 * (consecutive, no typos) and a leading `-` excludes a word. Both become spaces, so they are ordinary
 * punctuation as in the embedded index. A text without a letter or digit has no words: no hits (an empty `q`
 * would be a placeholder search returning everything).
 */
const HAS_WORD = /[\p{L}\p{N}]/u;

export function meiliQuery(text: string): string | null {
  if (!HAS_WORD.test(text)) return null;
  // Keep a trailing separator: it tells Meilisearch, as the port says, that the last word is complete.
  return text.replace(/"/g, ' ').replace(/(^|[\s\p{P}])-+/gu, '$1 ');
}

/** The port's limit: 1..50. */
export function clampLimit(limit: number): number {
  return Math.max(1, Math.min(50, Math.floor(limit) || 1));
}
