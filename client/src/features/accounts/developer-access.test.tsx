// "Developer access" (docs/decisions/0039-personal-access-tokens.md) against the typed fake server: the plain words
// first, a token made with a name, what it may do and when it ends, shown once with Copy, listed, revoked after "Yes".
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenSummary } from '#contract/developer-tokens';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import {
  alerts,
  buttonNamed,
  click,
  fieldLabelled,
  type RenderedScreen,
  renderScreen,
  statuses,
  typeInto,
} from '../../testing/render-screen';
import { DeveloperAccess } from './developer-access';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const TOKEN = `lst_${'A'.repeat(43)}`;
const summary = (over: Partial<TokenSummary> = {}): TokenSummary => ({
  id: 1,
  name: 'Backup script',
  scopes: ['read', 'write'],
  createdAt: Date.UTC(2026, 10, 1),
  expiresAt: null,
  lastUsedAt: null,
  hint: 'AAAAAAAA',
  ...over,
});
const checkbox = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`);
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('DeveloperAccess', () => {
  it('says what a token is, makes one, shows it once with Copy, and lists it', async () => {
    let tokens: TokenSummary[] = [];
    const server = fakeServer({
      'developerTokens.list': () => tokens,
      'developerTokens.create': (input) => {
        const made = summary({
          name: input.name,
          scopes: input.scopes,
          expiresAt: input.expiresInDays === null ? null : Date.UTC(2027, 0, 1),
        });
        tokens = [made];
        return { token: TOKEN, summary: made };
      },
    });
    rendered = await renderScreen(<DeveloperAccess />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('You have no tokens.'));
    expect(c.querySelector('h2')?.textContent).toBe('Developer access');
    expect(c.textContent).toContain('Most people never need this.');
    expect(c.textContent).toContain('as safe as a password');

    await click(buttonNamed(c, 'Make a token'));
    // Nothing chosen is refused here, before the server.
    await click(checkbox(c, 'read'));
    await click(buttonNamed(c, 'Make token'));
    expect(c.textContent).toContain('Give the token a name.');
    expect(c.textContent).toContain('Choose at least one thing the token may do.');
    expect(server.callsTo('developerTokens.create')).toEqual([]);

    await typeInto(fieldLabelled(c, 'Name')!, '  Backup script ');
    await click(checkbox(c, 'read'));
    await click(checkbox(c, 'social'));
    await choose(fieldLabelled(c, 'When it ends') as unknown as HTMLSelectElement, 'never');
    await click(buttonNamed(c, 'Make token'));
    await waitFor(() => expect(c.querySelector('textarea')?.value).toBe(TOKEN));
    expect(server.callsTo('developerTokens.create')).toEqual([{ name: 'Backup script', scopes: ['read', 'social'], expiresInDays: null }]);
    const field = c.querySelector('textarea')!;
    expect(field.readOnly).toBe(true);
    expect(c.textContent).toContain('It will not be shown again.');
    expect(buttonNamed(c, 'Copy token')).not.toBeNull();
    expect(c.querySelector('.token-list')?.textContent).toContain('Backup script');
    expect([...c.querySelectorAll('.token-scopes li')].map((li) => li.textContent)).toEqual(['Read', 'Likes, saves, comments, follows']);
    expect(c.querySelector('.token-list')?.textContent).toContain('Not used yet. Never ends.');

    await click(buttonNamed(c, 'I have copied it'));
    expect(c.querySelector('textarea')).toBeNull();
    expect(c.textContent).not.toContain(TOKEN);
  });

  it('revokes only after “Yes, revoke”, and “Keep it” keeps it', async () => {
    let tokens = [summary({ lastUsedAt: Date.UTC(2026, 10, 20, 15, 30), expiresAt: Date.UTC(2020, 0, 1) })];
    const server = fakeServer({
      'developerTokens.list': () => tokens,
      'developerTokens.revoke': ({ id }) => {
        tokens = tokens.filter((t) => t.id !== id);
        return undefined as never; // the procedure answers nothing
      },
    });
    rendered = await renderScreen(<DeveloperAccess />);
    const c = rendered.container;
    await waitFor(() => expect(c.querySelector('.token-list')).not.toBeNull());
    expect(c.textContent).toContain('Last used November 20, 2026');
    expect(c.textContent).toContain('Ended on January 1, 2020.');
    expect(c.textContent).toContain('lst_AAAAAAAA');

    await click(buttonNamed(c, 'Revoke Backup script'));
    expect(c.textContent).toContain('Revoke “Backup script”? Programs using it stop working at once.');
    await click(buttonNamed(c, 'Keep it'));
    expect(server.callsTo('developerTokens.revoke')).toEqual([]);

    await click(buttonNamed(c, 'Revoke Backup script'));
    await click(buttonNamed(c, 'Yes, revoke'));
    await waitFor(() => expect(statuses(c)).toContain('“Backup script” is revoked. Programs using it can no longer get in.'));
    expect(server.callsTo('developerTokens.revoke')).toEqual([{ id: 1 }]);
    expect(c.textContent).toContain('You have no tokens.');
  });

  it('shows the server’s sentence when a token cannot be made', async () => {
    fakeServer({
      'developerTokens.list': () => [],
      'developerTokens.create': () => {
        throw new ServerError('CONFLICT', 409, 'You have 20 tokens. Revoke one you no longer use first.');
      },
    });
    rendered = await renderScreen(<DeveloperAccess />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Make a token')).not.toBeNull());
    await click(buttonNamed(c, 'Make a token'));
    await typeInto(fieldLabelled(c, 'Name')!, 'One more');
    await click(buttonNamed(c, 'Make token'));
    await waitFor(() => expect(alerts(c)).toContain('You have 20 tokens. Revoke one you no longer use first.'));
  });
});
