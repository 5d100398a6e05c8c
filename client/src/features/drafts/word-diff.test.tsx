import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { WordDiff } from './word-diff';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <IntlProvider locale="en" defaultLocale="en">
        {node}
      </IntlProvider>,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return container;
}

describe('the word diff', () => {
  it('marks removed and added words with <del>/<ins> and says which is which in words', async () => {
    const el = await render(
      <WordDiff
        from={{ title: 'Letters', text: '<p>Mine came from <b>Lisbon</b>.</p>' }}
        to={{ title: 'Letters', text: '<p>Mine came from Paris.</p>' }}
        removedLabel="Only in the other version"
        addedLabel="Only in this version"
        label="The difference"
      />,
    );
    const text = el.querySelector('.word-diff-text')!;
    expect([...text.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['[Only in the other version: Lisbon]']);
    expect([...text.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['[Only in this version: Paris]']);
    // Markup alone (the bold) is not a change a writer needs to see.
    expect(text.textContent).toBe('Letters\n\nMine came from [Only in the other version: Lisbon][Only in this version: Paris].');
    expect(el.querySelector('section')?.getAttribute('aria-label')).toBe('The difference');
  });

  it('shows photos as "[photo: description]", so a photo added or taken out is a change (issue #26)', async () => {
    const photo = (alt: string, caption: string) =>
      `<figure><img src="/media/a.jpg" alt="${alt}"><figcaption>${caption}</figcaption></figure>`;
    const el = await render(
      <WordDiff
        from={{ title: 'T', text: `<p>By the sea.</p>${photo('Dad on his boat', 'Summer 1962')}` }}
        to={{ title: 'T', text: '<p>By the sea.</p><p>No photo here.</p>' }}
        removedLabel="Only in the story now"
        addedLabel="Only in this version"
        label="d"
      />,
    );
    // The words as seen: the screen reader's labels around each change left out.
    const text = el.querySelector('.word-diff-text')?.cloneNode(true) as HTMLElement;
    for (const hidden of text.querySelectorAll('.visually-hidden')) hidden.remove();
    expect(text.textContent).toContain('[photo: Dad on his boat]');
    const removed = [...text.querySelectorAll('del')].map((d) => d.textContent).join('');
    expect(removed).toContain('Dad on his boat');
    expect(removed).toContain('Summer 1962');
    const legend = [...el.querySelectorAll('.word-diff-legend li')].map((li) => li.textContent);
    expect(legend).toEqual([
      'Crossed out: only in the story now',
      'Underlined: only in this version',
      'Photos show as [photo: their description]',
    ]);
  });

  it('says so when the words are the same', async () => {
    const el = await render(
      <WordDiff
        from={{ title: 'A', text: '<p>Same <i>words</i>.</p>' }}
        to={{ title: 'A', text: '<p>Same words.</p>' }}
        removedLabel="r"
        addedLabel="a"
        label="d"
      />,
    );
    expect(el.querySelector('.word-diff-text')).toBeNull();
    expect(el.textContent).toContain('The words are the same.');
  });
});
