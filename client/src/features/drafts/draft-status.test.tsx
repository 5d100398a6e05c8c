import { afterEach, describe, expect, it } from 'vitest';
import { type RenderedNode, renderNode } from '../../testing/render-node';
import { DraftStatus } from './draft-status';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

describe('the save status line', () => {
  it('is a polite live region that screen readers can read (not hidden), holding the words shown', async () => {
    rendered = await renderNode(<DraftStatus status={{ kind: 'offline' }} onRetry={() => undefined} />);
    const line = rendered.container.querySelector('[role="status"]');
    expect(line?.getAttribute('aria-live')).toBe('polite');
    expect(line?.closest('[aria-hidden="true"]')).toBeNull();
    expect(line?.classList.contains('visually-hidden')).toBe(false);
    expect(line?.textContent).toBe('Saved on this device: will send when online');
    expect(rendered.container.querySelectorAll('[role="status"]')).toHaveLength(1);
  });
});
