// Versions lists the drafts "Replace my draft" kept (issue #27), and brings one back as the draft.
import type { SessionUser } from '#contract/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { click } from '../../testing/render-screen';
import { StoryVersions } from './versions-screen';

const writer: SessionUser = {
  user_info: {
    username: 'rose',
    first_name: 'Rose',
    last_name: null,
    email: 'rose@example.org',
    dob: '1944-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  signedOut();
  vi.unstubAllGlobals();
});

describe('Versions: drafts you replaced', () => {
  it('lists them and brings one back, then opens the write screen', async () => {
    const server = fakeServer({
      'revisions.list': () => [],
      'stories.get': () => null,
      'revisions.kept': () => [{ id: 7, title: 'My first try', word_count: 1234, kept_at: '2026-11-27T10:00:00.000Z' }],
      'revisions.restoreKept': () => ({ draft_version: 9, saved_at: '2026-11-27T11:00:00.000Z' }),
    });
    signedIn(writer);
    rendered = await renderNode(<StoryVersions />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('Drafts you replaced'));
    expect(c.textContent).toContain('My first try');
    expect(c.textContent).toContain('1,234 words');
    await click(buttonNamed(c, 'Bring back this draft'));
    await waitFor(() => expect(server.callsTo('revisions.restoreKept')).toEqual([{ id: 7 }]));
    await waitFor(() => expect(window.location.pathname).toBe('/story/write'));
  });

  it('says nothing of them when there are none', async () => {
    fakeServer({ 'revisions.list': () => [], 'stories.get': () => null, 'revisions.kept': () => [] });
    signedIn(writer);
    rendered = await renderNode(<StoryVersions />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('There are no versions yet.'));
    expect(c.textContent).not.toContain('Drafts you replaced');
  });
});
