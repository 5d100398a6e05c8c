import { act } from 'react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed } from '../../testing/render-screen';
import { type RenderedNode, renderNode } from '../../testing/render-node';
import { discardQuestion, RestoreBanner, welcomeBackText } from './restore-banner';

const intl = createIntl({ locale: 'en' });

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const click = (b: HTMLElement | null) => act(async () => b?.click());

describe('the welcome back banner', () => {
  it('names the day the changes were left, in plain words', () => {
    const now = new Date(2026, 10, 27, 9, 0); // a Friday
    expect(welcomeBackText(intl, new Date(2026, 10, 27, 7, 30).getTime(), now)).toBe(
      'Welcome back: your unpublished changes from earlier today are here.',
    );
    expect(welcomeBackText(intl, new Date(2026, 10, 26, 22, 0).getTime(), now)).toBe(
      'Welcome back: your unpublished changes from yesterday are here.',
    );
    expect(welcomeBackText(intl, new Date(2026, 10, 24, 20, 11).getTime(), now)).toBe(
      'Welcome back: your unpublished changes from Tuesday are here.',
    );
    expect(welcomeBackText(intl, new Date(2026, 9, 3).getTime(), now)).toBe(
      'Welcome back: your unpublished changes from October 3 are here.',
    );
  });

  it('keeps discarding behind "More choices" and a question; "No" keeps the changes', async () => {
    const onDiscard = vi.fn();
    rendered = await renderNode(<RestoreBanner restoredAt={Date.now()} published discarding={false} onDiscard={onDiscard} />);
    const c = rendered.container;
    expect(c.querySelector('[role="status"]')?.textContent).toMatch(/^Welcome back: your unpublished changes from/);
    const menu = c.querySelector('details');
    expect(menu?.open).toBe(false);
    expect(menu?.querySelector('summary')?.textContent).toBe('More choices');

    await click(buttonNamed(c, 'Discard changes…'));
    expect(c.textContent).toContain('Throw away these changes? Your published story stays as it is.');
    await click(buttonNamed(c, 'No, keep them'));
    expect(onDiscard).not.toHaveBeenCalled();
    expect(buttonNamed(c, 'Yes, discard changes')).toBeNull();

    await click(buttonNamed(c, 'Discard changes…'));
    await click(buttonNamed(c, 'Yes, discard changes'));
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('before the first publish, says the words are kept nowhere else', async () => {
    rendered = await renderNode(<RestoreBanner restoredAt={Date.now()} published={false} discarding={false} onDiscard={() => {}} />);
    await click(buttonNamed(rendered.container, 'Discard changes…'));
    expect(rendered.container.textContent).toContain(discardQuestion(intl, false));
    expect(rendered.container.textContent).not.toContain('published story');
  });
});
