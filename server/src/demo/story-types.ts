// The shape of a demo story: written in the markup of ./markup.ts, with the comments readers leave on it.

export interface DemoStory {
  title: string;
  /** The body in demo markup (see markup.ts); turned into HTML when seeded. */
  text: string;
  /** [commenter's username, comment], in the order they were written (a reply follows what it answers). */
  comments: [string, string][];
}
