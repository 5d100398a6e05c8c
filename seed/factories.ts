// One way to make a person and a story body, shared by the tests and (later) the demo and scale seeds.

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
  return Array.from({ length: paragraphs }, (_, p) =>
    `<p>${Array.from({ length: words }, (_, i) => `${tag}${p}x${i}`).join(' ')}.</p>`).join('');
}
