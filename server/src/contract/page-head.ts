// What a server-rendered reader page says about itself (docs/decisions/0017-server-rendering.md): made by the
// client's entry-server.tsx, written into the head by the server's page-head.ts, which escapes and formats it.

export interface PageHead {
  /** The whole <title>, as useDocumentTitle sets it once the page runs. */
  title: string;
  description: string;
  /** Path of the canonical address (the server prefixes its origin). */
  canonicalPath: string;
  /** An uploaded image's name (the banner), shown through /media. */
  image: string | null;
  type: 'website' | 'article';
  /** Story pages: what JSON-LD's Article says. Names are those the reader may see (null for a private author). */
  article: {
    headline: string;
    username: string;
    firstName: string | null;
    lastName: string | null;
    published: string;
    modified: string;
    /** The published revision the page shows (stories.get's `version`), for its word count. */
    version: number;
  } | null;
}
