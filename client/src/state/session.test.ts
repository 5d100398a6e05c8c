import type { SessionUser } from '#contract/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ana: SessionUser = {
  user_info: {
    username: 'ana',
    first_name: 'Ana',
    last_name: 'Lima',
    email: 'ana@example.org',
    dob: '1990-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

/** The store as a fresh page load finds it: the module reads sessionStorage when it is first imported. */
async function loadStore() {
  vi.resetModules();
  return import('./session');
}

/** valtio tells subscribers after the current task's changes, in a microtask. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('the session store', () => {
  it('starts signed out with nothing stored', async () => {
    const { session } = await loadStore();
    expect(session.user).toBeNull();
  });

  it('stores the login body on sign-in and finds it again on the next load', async () => {
    const first = await loadStore();
    first.signedIn(ana);
    await settled();
    expect(JSON.parse(sessionStorage.getItem('user')!)).toEqual(ana);

    const reloaded = await loadStore();
    expect(reloaded.session.user).toEqual(ana);
  });

  it('keeps the stored copy in step with a profile change', async () => {
    const store = await loadStore();
    store.signedIn(ana);
    store.updateSessionUser({ image: 'new.png', first_name: 'Anna' });
    await settled();
    const stored = JSON.parse(sessionStorage.getItem('user')!) as SessionUser;
    expect(stored.user_info).toEqual({ ...ana.user_info, image: 'new.png', first_name: 'Anna' });
    expect((await loadStore()).session.user?.user_info.first_name).toBe('Anna');
  });

  it('clears the stored user on sign-out, so the next load is signed out', async () => {
    sessionStorage.setItem('user', JSON.stringify(ana));
    const store = await loadStore();
    expect(store.session.user?.user_info.username).toBe('ana');
    store.signedOut();
    await settled();
    expect(sessionStorage.getItem('user')).toBeNull();
    expect((await loadStore()).session.user).toBeNull();
  });

  it('ignores a stored value that is not a login body', async () => {
    for (const junk of ['{not json', 'null', '{"user_info":{"username":42}}', '{"username":"ana"}']) {
      sessionStorage.setItem('user', junk);
      expect((await loadStore()).session.user).toBeNull();
    }
  });

  it('does not patch a signed-out session into existence', async () => {
    const store = await loadStore();
    store.updateSessionUser({ image: 'x.png' });
    await settled();
    expect(store.session.user).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
  });
});
