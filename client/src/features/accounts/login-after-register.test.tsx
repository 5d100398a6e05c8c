import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { fieldLabelled, type RenderedScreen, renderScreen, statuses } from '../../testing/render-screen';
import { Login } from './login-screen';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  history.replaceState(null, '', '/');
});

describe('signing in just after registering (issue #26, point 8)', () => {
  it('says the account is ready, with the address typed at registration filled in (kept out of the URL)', async () => {
    fakeServer();
    history.pushState({ email: 'ruth@example.org' }, '', '/login?registered=1');
    rendered = await renderScreen(<Login />);
    expect(statuses(rendered.container)).toContain('Your account is ready: sign in to start writing.');
    expect(fieldLabelled(rendered.container, 'Email')?.value).toBe('ruth@example.org');
    expect(location.search).toBe('?registered=1');
  });

  it('starts empty on an ordinary visit', async () => {
    fakeServer();
    history.pushState({ email: 'ruth@example.org' }, '', '/login');
    rendered = await renderScreen(<Login />);
    expect(statuses(rendered.container)).toEqual([]);
    expect(fieldLabelled(rendered.container, 'Email')?.value).toBe('');
  });
});
