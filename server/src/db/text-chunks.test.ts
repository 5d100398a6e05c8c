// Revision text pieces (db/text-chunks.ts): they make the text back exactly, an edit changes only the pieces around
// it, and no piece ends inside a tag (so an upload's name is always whole in one piece).
import { describe, expect, it } from 'vitest';
import { chunkHash, chunkText } from './text-chunks';

const story = Array.from(
  { length: 3000 },
  (_, n) =>
    `<p>Part ${n}: we walked to the harbour 😀 and back.${n % 50 === 0 ? ` <img src="/media/${String(n).padStart(32, 'a')}.jpg" alt="">` : ''}</p>`,
).join('');

describe('chunkText', () => {
  it('gives pieces that make the text back, each ending at a tag, of bounded size', () => {
    const pieces = chunkText(story);
    expect(pieces.join('')).toBe(story);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces.slice(0, -1)) expect(p.endsWith('>')).toBe(true);
    for (const p of pieces) expect(p.length).toBeLessThan(70 * 1024);
    for (const name of story.match(/\/media\/[a0-9]+\.jpg/g)!) expect(pieces.some((p) => p.includes(name))).toBe(true);
    expect(chunkText('')).toEqual(['']);
    expect(chunkText('plain text without tags').join('')).toBe('plain text without tags');
  });

  it('shares every piece but those around an edit', () => {
    const before = new Set(chunkText(story).map(chunkHash));
    const after = chunkText(story.replace('Part 1700:', 'Part 1700, and a new sentence here:')).map(chunkHash);
    const fresh = after.filter((h) => !before.has(h));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(2);
  });
});
