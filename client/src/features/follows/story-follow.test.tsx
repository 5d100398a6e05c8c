import type { SessionUser } from '#contract/accounts';
import { getQueryKey } from '@trpc/react-query';
import { act } from 'react';
import { trpc } from '../../lib/trpc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { StoryFollow } from './story-follow';

const reader = (username: string): SessionUser => ({
  user_info: {
    username,
    first_name: null,
    last_name: null,
    email: `${username}@example.org`,
    dob: '1990-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
});

const FOLLOWING = 'You are following this story. We email you when it grows, at most once a day.';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  signedOut();
  vi.unstubAllGlobals();
});

const click = (el: HTMLElement | null) =>
  act(async () => {
    el!.click();
  });

/** Types into a React-controlled input (React listens for `input` after the native value setter). */
const type = (input: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('following a story, signed in', () => {
  it('follows, says what that means, and stops', async () => {
    let following = false;
    const server = fakeServer({
      'follows.status': () => ({ following }),
      'follows.follow': () => {
        following = true;
        return { following };
      },
      'follows.unfollow': () => {
        following = false;
        return { following };
      },
    });
    signedIn(reader('ruth'));
    rendered = await renderNode(<StoryFollow storyUsername="mara" />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Follow this story')?.disabled).toBe(false));
    // No address form for someone signed in.
    expect(c.querySelector('input[type="email"]')).toBeNull();

    await click(buttonNamed(c, 'Follow this story'));
    await waitFor(() => expect(c.textContent).toContain(FOLLOWING));
    expect(buttonNamed(c, 'Follow this story')).toBeNull();
    expect(server.callsTo('follows.follow')).toEqual([{ story_username: 'mara' }]);

    await click(buttonNamed(c, 'Stop following'));
    await waitFor(() => expect(buttonNamed(c, 'Follow this story')).not.toBeNull());
    expect(c.textContent).not.toContain(FOLLOWING);
    expect(server.callsTo('follows.unfollow')).toEqual([{ story_username: 'mara' }]);
  });

  it("never shows a follow state kept from before this screen opened (it may be another person's)", async () => {
    let answer = () => {};
    const asked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fakeServer({
      'follows.status': async () => {
        await asked;
        return { following: false };
      },
    });
    signedIn(reader('ruth'));
    // Someone else's answer, kept in the cache from earlier on this device.
    rendered = await renderNode(<StoryFollow storyUsername="mara" />, (queryClient) =>
      queryClient.setQueryData(getQueryKey(trpc.follows.status, { story_username: 'mara' }, 'query'), { following: true }),
    );
    const c = rendered.container;
    expect(rendered.queryClient.getQueryData(getQueryKey(trpc.follows.status, { story_username: 'mara' }, 'query'))).toEqual({
      following: true,
    });
    expect(c.textContent).not.toContain(FOLLOWING);
    expect(buttonNamed(c, 'Follow this story')?.disabled).toBe(true);
    answer();
    await waitFor(() => expect(buttonNamed(c, 'Follow this story')?.disabled).toBe(false));
    expect(c.textContent).not.toContain(FOLLOWING);
  });

  it('says so when following fails, and stays unfollowed', async () => {
    fakeServer({
      'follows.status': () => ({ following: false }),
      'follows.follow': () => {
        throw new ServerError('INTERNAL_SERVER_ERROR', 500);
      },
    });
    signedIn(reader('ruth'));
    rendered = await renderNode(<StoryFollow storyUsername="mara" />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Follow this story')?.disabled).toBe(false));
    await click(buttonNamed(c, 'Follow this story'));
    await waitFor(() => expect(c.querySelector('[role="alert"]')?.textContent).toBe('We could not follow this story. Please try again.'));
    expect(buttonNamed(c, 'Follow this story')).not.toBeNull();
  });
});

describe('following a story by email, without an account', () => {
  const field = (c: HTMLElement) => {
    const label = [...c.querySelectorAll('label')].find((l) => l.textContent === 'Your email address')!;
    return c.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
  };

  it('sends the address and asks the reader to check their email', async () => {
    const server = fakeServer({ 'follows.followByEmail': () => ({ message: 'Thank you.' }) });
    rendered = await renderNode(<StoryFollow storyUsername="mara" />);
    const c = rendered.container;
    expect(buttonNamed(c, 'Follow this story')).toBeNull();
    await type(field(c), ' ruth@example.org ');
    await click(buttonNamed(c, 'Email me when it grows'));
    await waitFor(() => expect(c.querySelector('[role="status"]')?.textContent).toBe('Check your email: we sent you a link to confirm.'));
    expect(server.callsTo('follows.followByEmail')).toEqual([{ story_username: 'mara', email: 'ruth@example.org' }]);
    // No follow status is asked for without a session.
    expect(server.callsTo('follows.status')).toEqual([]);
  });

  it("shows the server's words for a bad address, tied to the field", async () => {
    fakeServer({
      'follows.followByEmail': () => {
        throw new ServerError('BAD_REQUEST', 400, 'Please enter a valid email address.');
      },
    });
    rendered = await renderNode(<StoryFollow storyUsername="mara" />);
    const c = rendered.container;
    await type(field(c), 'ruth@');
    await click(buttonNamed(c, 'Email me when it grows'));
    await waitFor(() => expect(c.querySelector('[role="alert"]')?.textContent).toBe('Please enter a valid email address.'));
    const input = field(c);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(c.querySelector('[role="alert"]')!.id);
    expect(c.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('asks for an address before sending an empty one', async () => {
    const server = fakeServer({});
    rendered = await renderNode(<StoryFollow storyUsername="mara" />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Email me when it grows'));
    expect(c.querySelector('[role="alert"]')?.textContent).toBe('Please enter your email address.');
    expect(server.calls).toEqual([]);
  });
});
