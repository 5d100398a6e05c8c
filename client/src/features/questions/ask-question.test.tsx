// "Ask Rose a question" on the story page (docs/decisions/0032-the-family-asks.md), against the typed fake server:
// shown only when the server says the viewer may ask; the form sends the question and thanks; a refusal's message
// (429, 403) is shown as the server wrote it; too short is said before sending.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { AskQuestion } from './ask-question';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const click = (el: HTMLElement | null) =>
  act(async () => {
    el!.click();
  });

const type = (textarea: HTMLTextAreaElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });

const labelled = (c: HTMLElement, label: string) => {
  const l = [...c.querySelectorAll('label')].find((x) => x.textContent === label);
  return l ? c.querySelector<HTMLTextAreaElement>(`#${CSS.escape(l.htmlFor)}`) : null;
};

describe('AskQuestion', () => {
  it('shows nothing to someone who may not ask', async () => {
    const server = fakeServer({ 'questions.askable': () => ({ can_ask: false, name: null }) });
    rendered = await renderNode(<AskQuestion storyUsername="grandma_rose" />);
    await waitFor(() => expect(server.callsTo('questions.askable')).toEqual([{ username: 'grandma_rose' }]));
    expect(rendered.container.textContent).toBe('');
  });

  it('opens a small form, sends the question and thanks; Ask again starts afresh', async () => {
    const server = fakeServer({
      'questions.askable': () => ({ can_ask: true, name: 'Rose' }),
      'questions.ask': () => ({ asked: true }),
    });
    rendered = await renderNode(<AskQuestion storyUsername="grandma_rose" />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Ask Rose a question')).not.toBeNull());
    await click(buttonNamed(c, 'Ask Rose a question'));
    const box = labelled(c, 'Your question')!;
    expect(box).not.toBeNull();
    expect(document.activeElement === box || document.activeElement === document.body).toBe(true);
    // Too short: said at once, nothing sent.
    await type(box, 'Hi?');
    await click(buttonNamed(c, 'Send question'));
    expect(c.querySelector('[role="alert"]')?.textContent).toBe('Please write at least 5 characters.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('questions.ask')).toEqual([]);

    await type(box, 'What did you do on Sundays?');
    await click(buttonNamed(c, 'Send question'));
    await waitFor(() => expect(c.querySelector('[role="status"]')?.textContent).toBe('Sent. Rose will see it when writing.'));
    expect(server.callsTo('questions.ask')).toEqual([{ username: 'grandma_rose', text: 'What did you do on Sundays?' }]);
    expect(labelled(c, 'Your question')).toBeNull();
    expect(buttonNamed(c, 'Ask Rose a question')).not.toBeNull();
  });

  it('shows the server’s words when it refuses (the weekly limit)', async () => {
    const LIMIT = 'You have asked Rose 3 questions this week. You can ask another in 6 days.';
    fakeServer({
      'questions.askable': () => ({ can_ask: true, name: 'Rose' }),
      'questions.ask': () => {
        throw new ServerError('TOO_MANY_REQUESTS', 429, LIMIT);
      },
    });
    rendered = await renderNode(<AskQuestion storyUsername="grandma_rose" />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Ask Rose a question')).not.toBeNull());
    await click(buttonNamed(c, 'Ask Rose a question'));
    await type(labelled(c, 'Your question')!, 'Who taught you to swim?');
    await click(buttonNamed(c, 'Send question'));
    await waitFor(() => expect(c.querySelector('.error-box')?.textContent).toBe(LIMIT));
    expect(c.querySelector('[role="status"]')?.textContent).toBe('');
  });
});
