// The registration form's "Send me one question a week to help me write" (docs/decisions/0031-one-question-a-week.md),
// against the typed fake server: unticked, and the schedule (today's weekday, 10:00, the browser's zone) is sent only
// when it is ticked.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, click, fieldLabelled, type RenderedScreen, renderScreen, typeInto } from '../../testing/render-screen';
import { Register } from './register-screen';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('registering with the weekly question', () => {
  async function fillIn(c: HTMLElement) {
    await typeInto(fieldLabelled(c, 'Username')!, 'ruth_w');
    await typeInto(fieldLabelled(c, 'Email')!, 'ruth@example.org');
    await typeInto(fieldLabelled(c, 'Date of birth')!, '1950-04-02');
    await typeInto(fieldLabelled(c, 'Password')!, 'a long password 1');
    await typeInto(fieldLabelled(c, 'Confirm password')!, 'a long password 1');
  }

  it('is unticked, and sends nothing of it unless ticked', async () => {
    const server = fakeServer({ 'accounts.register': () => ({ username: 'ruth_w' }) });
    rendered = await renderScreen(<Register />);
    const c = rendered.container;
    const box =
      fieldLabelled(c, 'Send me one question a week to help me write') ??
      c.querySelector<HTMLInputElement>('input[name="weekly_question"]');
    expect(box?.checked).toBe(false);
    expect(c.textContent).toContain('Send me one question a week to help me write');
    await fillIn(c);
    await click(buttonNamed(c, 'Register'));
    await waitFor(() => expect(server.callsTo('accounts.register')).toHaveLength(1));
    expect(server.callsTo('accounts.register')[0]).not.toHaveProperty('weekly_question');
  });

  it('sends today’s weekday at 10:00 in the browser’s zone when ticked', async () => {
    const server = fakeServer({ 'accounts.register': () => ({ username: 'ruth_w' }) });
    rendered = await renderScreen(<Register />);
    const c = rendered.container;
    const box = c.querySelector<HTMLInputElement>('input[name="weekly_question"]')!;
    await click(box);
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain('at 10:00 AM');
    await fillIn(c);
    await click(buttonNamed(c, 'Register'));
    await waitFor(() => expect(server.callsTo('accounts.register')).toHaveLength(1));
    expect(server.callsTo('accounts.register')[0]?.weekly_question).toEqual({ day: new Date().getDay(), minute: 600, time_zone: zone });
  });
});
