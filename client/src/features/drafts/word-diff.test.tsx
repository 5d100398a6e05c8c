import { act } from 'react';
import { createRoot } from 'react-dom/client';
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
  await act(async () => root.render(node));
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
