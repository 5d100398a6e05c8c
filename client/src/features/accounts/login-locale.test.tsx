// Signing in switches the app to the account's language at once, not from the next page load
// (docs/decisions/0042-interface-languages.md): the login answer carries the account's `locale`.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, click, fieldLabelled, type RenderedScreen, renderScreen, typeInto } from '../../testing/render-screen';
import { Login } from './login-screen';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  history.replaceState(null, '', '/');
  document.documentElement.lang = 'en';
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's own cookie
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

const user_info = {
  username: 'rosa',
  first_name: 'Rosa',
  last_name: 'Vidal',
  email: 'rosa@example.org',
  dob: '1950-04-02T00:00:00.000',
  image: null,
  is_private: false,
};

async function signIn(locale: 'en' | 'es' | null) {
  const server = fakeServer({ 'accounts.login': () => ({ user_info, locale }), 'accounts.me': () => null });
  history.pushState(null, '', '/login');
  rendered = await renderScreen(<Login />);
  const c = rendered.container;
  await typeInto(fieldLabelled(c, 'Email')!, 'rosa@example.org');
  await typeInto(fieldLabelled(c, 'Password')!, 'a long password 1');
  await click(buttonNamed(c, 'Login'));
  await waitFor(() => expect(server.callsTo('accounts.login')).toHaveLength(1));
  await waitFor(() => expect(location.pathname).toBe('/'));
}

describe('signing in', () => {
  it("switches to the account's language at once, and remembers it on this device", async () => {
    await signIn('es');
    expect(document.documentElement.lang).toBe('es');
    expect(document.cookie).toContain('lang=es');
    // The screen itself re-renders in Spanish.
    await waitFor(() => expect(rendered!.container.textContent).toContain('¿Ha olvidado su contraseña?'));
  });

  it('stays in the page’s language when the account has not chosen one, or chose the same', async () => {
    await signIn(null);
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).not.toContain('lang=');
    await rendered?.unmount();
    await signIn('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).not.toContain('lang=');
  });
});
