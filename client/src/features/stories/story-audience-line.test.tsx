import { afterEach, describe, expect, it } from 'vitest';
import { linkNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { StoryAudienceLine } from './story-audience-line';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

describe("the author's line on their story page", () => {
  it.each([
    ['everyone', 'Published: visible to everyone.'],
    ['link', 'Published: visible to people with the link.'],
    ['circle', 'Published: visible only to people you invite.'],
    ['only_me', 'Published: visible only to you.'],
  ] as const)('says who can read a story for %s, with the ways to change it', async (audience, words) => {
    rendered = await renderNode(<StoryAudienceLine audience={audience} />);
    expect(rendered.container.textContent).toContain(words);
    expect(linkNamed(rendered.container, 'Change who can read')?.getAttribute('href')).toBe('/story/write#audience');
    expect(linkNamed(rendered.container, 'Your readers')?.getAttribute('href')).toBe('/readers');
  });
});
