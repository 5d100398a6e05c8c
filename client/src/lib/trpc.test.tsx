import { LIMITS } from '#contract/limits';
import type { SessionUser } from '#contract/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, signedIn } from '../state/session';
import { fakeServer, ServerError } from '../testing/fake-server';
import { type RenderedHook, renderHook, waitFor } from '../testing/render-hook';
import { trpc } from './trpc';

const ana: SessionUser = {
  user_info: {
    username: 'ana',
    first_name: null,
    last_name: null,
    email: 'ana@example.org',
    dob: '1990-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

let rendered: RenderedHook<unknown, undefined> | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the query client', () => {
  it('forgets a stored user as soon as the server answers UNAUTHORIZED, and does not ask again', async () => {
    signedIn(ana);
    const server = fakeServer({
      'accounts.profile': () => {
        throw new ServerError('UNAUTHORIZED', 401, 'You must be signed in.');
      },
    });
    rendered = await renderHook(() => trpc.accounts.profile.useQuery());
    await waitFor(() => expect(session.user).toBeNull());
    await waitFor(() => expect(sessionStorage.getItem('user')).toBeNull());
    expect(server.callsTo('accounts.profile')).toHaveLength(1);
  });
});

describe('the batch link', () => {
  it('never sends more calls in one request than the server takes (LIMITS.trpcBatchMax)', async () => {
    const server = fakeServer({ 'stories.get': () => null });
    const count = LIMITS.trpcBatchMax + 5;
    rendered = await renderHook(() =>
      trpc.useQueries((t) => Array.from({ length: count }, (_, i) => t.stories.get({ username: `reader${i}` }))),
    );
    await waitFor(() => expect(server.callsTo('stories.get')).toHaveLength(count));
    expect(server.requests()).toBe(2);
  });
});
