import { afterEach, describe, expect, it } from 'vitest';
import { type RenderedNode, renderNode } from '../../testing/render-node';
import { GuideScreen } from './guide-screen';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

describe('the writing guide (issue #26, point 8)', () => {
  it('draws the toolbar and names every button in plain words, and leads back to writing', async () => {
    rendered = await renderNode(<GuideScreen />);
    const c = rendered.container;
    expect(c.querySelector('h1')?.textContent).toBe('How to write your story');
    const names = [...c.querySelectorAll('.guide-toolbar-list dt')].map((d) => d.textContent);
    expect(names).toEqual(['Add photo', 'Heading', 'Bold', 'Italic', 'List', 'Quote', 'Undo', 'More']);
    expect(c.querySelectorAll('.guide-toolbar-strip svg')).toHaveLength(8);
    expect(c.querySelector('a[href="/story/write"]')?.textContent).toBe('Back to writing');
    expect(c.textContent).toContain('All changes saved');
  });
});
