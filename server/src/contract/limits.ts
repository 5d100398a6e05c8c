// Limits shared by the server and the client. No imports: the client bundles this file without zod.
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 50,
  emailMax: 254,
  titleMax: 200,
  storyBytesMax: 5 * 1024 * 1024,
  /** Tags in a story body: far above any real story (~40k at 5 MB of prose), and it bounds sanitizing time. */
  storyTagsMax: 200_000,
  commentMax: 5000,
  pageSizeMax: 50,
  searchTextMax: 100,
  searchResultsMax: 20,
  /** Hits a search can be paged down to: Meilisearch's maxTotalHits (ADR 0011). */
  searchDepth: 1000,
  minimumAge: 16,
  uploadBytesMax: 10 * 1024 * 1024,
  uploadPixelsMax: 40_000_000,
  /** Either side of an upload, and how many times its short side its long side may be (ADR 0016). */
  uploadSideMax: 12_000,
  uploadAspectMax: 25,
  /** Calls one tRPC request may hold; the client's batch link splits its calls at the same number (ADR 0007). */
  trpcBatchMax: 20,
  /** People one `circle.invite` may name, and readers a circle may hold (docs/decisions/0026-who-can-read-a-story.md). */
  circleInviteMax: 10,
  circleReadersMax: 200,
} as const;
