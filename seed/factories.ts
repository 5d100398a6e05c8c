// Input for tests: registration fields for a fresh person and story bodies of a known size. (Rows made
// through the core, as the demo seed makes them, are server/src/demo/make.ts.)

let counter = 0;

/** Registration fields for a fresh adult; override any of them. */
export function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const username = (overrides.username as string) ?? `person${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    username,
    email: `${username}@example.com`,
    dob: '1990-04-12',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** A story body of `paragraphs` paragraphs of `words` distinct words each, every paragraph one sentence. */
export function storyHtml(paragraphs: number, words = 100, tag = 'w'): string {
  return Array.from(
    { length: paragraphs },
    (_, p) => `<p>${Array.from({ length: words }, (_, i) => `${tag}${p}x${i}`).join(' ')}.</p>`,
  ).join('');
}

export type PersonFields = ReturnType<typeof person>;
