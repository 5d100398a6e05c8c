// The book's HTML made in slices (fed to the parser 64 KiB at a time, with the event loop given back between
// steps) is the same as made at once, wherever the chunk edges fall: inside a tag, an attribute or an entity.
import { describe, expect, it } from 'vitest';
import { prepareStory, prepareStoryNow, type PrepareOptions } from './book-html';

const options: PrepareOptions = {
  format: 'xhtml',
  origin: 'https://stories.example',
  imageHref: (name) => `images/${name}`,
  externalImages: 'describe',
};

function longStory(blocks: number, shift: number): string {
  const parts = ['x'.repeat(shift)];
  for (let i = 0; i < blocks; i++) {
    parts.push(`<h${(i % 3) + 1}>Part ${i} &amp; “more”</h${(i % 3) + 1}>`);
    parts.push(`<p>Words &lt;${i}&gt; <em>em</em> <a href="/story/p${i}" rel="noopener noreferrer nofollow">link</a> &#233;t&eacute;</p>`);
    parts.push(`<p><img src="/media/${'ab'.repeat(16)}.png" alt="photo ${i}"><br></p>`);
    parts.push('<table><tr><td align="right">1</td></tr></table>');
  }
  return parts.join('');
}

describe('prepareStory', () => {
  it('gives the same headings, images and XHTML as prepareStoryNow, whatever the chunk edges cut', async () => {
    for (const shift of [0, 1, 7, 31]) {
      const html = longStory(1500, shift);
      expect(html.length).toBeGreaterThan(3 * 64 * 1024);
      const sliced = await prepareStory(html, options);
      const atOnce = prepareStoryNow(html, options);
      expect(sliced).toEqual(atOnce);
      expect(sliced.headings).toHaveLength(1500);
      expect(sliced.markup).toContain('<td style="text-align: right">1</td>');
      expect(sliced.markup).toContain('href="https://stories.example/story/p1499"');
      expect(sliced.markup).toContain('Words &lt;1499&gt;');
      expect(sliced.markup).toContain('&#xe9;t&#xe9;'); // XML mode writes non-ASCII as character references
    }
  });

  it('describes images it may not embed, and drops characters XML does not allow', async () => {
    const html = '<p>a\u0001b<img src="https://far.example/x.jpg" alt="far"><img src="/media/nope.png"></p>';
    const got = await prepareStory(html, { ...options, imageHref: () => null });
    expect(got.markup).toBe('<p>ab<span class="missing-picture">[Picture: far]</span><span class="missing-picture"/></p>');
  });
});
