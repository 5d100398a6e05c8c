import type { SessionUser } from '#contract/schemas';
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
