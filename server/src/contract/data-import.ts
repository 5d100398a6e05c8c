// "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md): the address the client sends the zip to and
// what it answers, `{summary}` or `{error: {message}}`.

/** POST, multipart with the zip in a field named "file"; `?check=1` only says what would come in. */
export const DATA_IMPORT_ENDPOINT = '/account/import-data';

/** What a data export would bring in: shown before the import, and answered after it. */
export interface ImportSummary {
  title: string | null;
  pages: number;
  words: number;
  photos: number;
  revisions: number;
  has_draft: boolean;
  /** Who the export belonged to on the other site, and when it was made (ISO time). */
  from_username: string;
  exported_at: string;
}
