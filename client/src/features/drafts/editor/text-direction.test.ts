import { afterEach, describe, expect, it } from 'vitest';
import { editorWith } from './testing/editor-with';
import { letMilkdownTimersFire } from './testing/milkdown-timers';
import { pressKey, typeText } from './testing/typing';

/** Each block of the view as "tag:dir" (dir "-" when it has none). */
const directions = (dom: Element) =>
  [...dom.querySelectorAll('p, h2, h3, li, blockquote, td, th')].map(
    (el) => `${el.tagName.toLowerCase()}:${el.getAttribute('dir') ?? '-'}`,
  );

afterEach(() => {
  document.body.innerHTML = '';
});
letMilkdownTimersFire();

describe('text direction in the editor', () => {
  it('gives each block dir="auto", the paragraphs of an item or a quote sharing theirs, and stores none', async () => {
    const html =
      '<h2>بيتنا</h2><p>كانت جدتي تخبز الخبز.</p><ul><li>واحد</li><li>two</li></ul>' +
      '<blockquote><p>قالت: لا تنسَ.</p></blockquote><p>Hello שלום.</p>';
    const { view, stored } = await editorWith(html);
    expect(directions(view.dom)).toEqual(['h2:auto', 'p:auto', 'li:auto', 'p:-', 'li:auto', 'p:-', 'blockquote:auto', 'p:-', 'p:auto']);
    expect(stored()).not.toContain('dir=');
  });

  it('gives a new paragraph its direction as it is typed', async () => {
    const { view, stored } = await editorWith('<p>First.</p>');
    pressKey(view, 'Enter');
    typeText(view, 'שלום עולם');
    const paragraphs = [...view.dom.querySelectorAll('p')];
    expect(paragraphs.map((p) => [p.textContent, p.getAttribute('dir')])).toEqual([
      ['First.', 'auto'],
      ['שלום עולם', 'auto'],
    ]);
    expect(stored()).toBe('<p>First.</p><p>שלום עולם</p>');
  });
});
