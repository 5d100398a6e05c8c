import { describe, expect, it } from 'vitest';
import { sanitizeStoryHtml } from '../core/stories/sanitize-story-html';
import { markupToHtml } from './markup';
import { DEMO_PEOPLE } from './people';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the demo markup', () => {
  it('turns each kind of block and inline markup into story HTML', () => {
    const html = markupToHtml(
      [
        '## A heading',
        'A paragraph with *emphasis*, **strength**, `code` and a [link](https://example.org/a_(b)c).',
        '> Quoted first.\n>\n> Quoted second.',
        '- one\n- two',
        '1. first\n2. second',
        '| Year | What |\n|---|---|\n| 1977 | *First* harvest |',
        '---',
        '~~~\n10 PRINT "HI"\n\n20 GOTO 10\n~~~',
        'Less < more & "quotes".',
      ].join('\n\n'),
    );
    expect(html).toBe(
      '<h2>A heading</h2>' +
        '<p>A paragraph with <em>emphasis</em>, <strong>strength</strong>, <code>code</code> and a <a href="https://example.org/a_(b)c">link</a>.</p>' +
        '<blockquote><p>Quoted first.</p><p>Quoted second.</p></blockquote>' +
        '<ul><li><p>one</p></li><li><p>two</p></li></ul>' +
        '<ol><li><p>first</p></li><li><p>second</p></li></ol>' +
        '<table><thead><tr><th>Year</th><th>What</th></tr></thead><tbody><tr><td>1977</td><td><em>First</em> harvest</td></tr></tbody></table>' +
        '<hr>' +
        '<pre><code>10 PRINT "HI"\n\n20 GOTO 10</code></pre>' +
        '<p>Less &lt; more &amp; "quotes".</p>',
    );
  });

  it('gives every demo story HTML that the sanitizer keeps word for word', () => {
    for (const p of DEMO_PEOPLE) {
      if (!p.story) continue;
      const html = markupToHtml(p.story.text.text);
      expect(html).not.toMatch(/\*|~~~|\]\(|^#|<p>\s*[>|-]\s/m); // no markup left unconverted
      expect(textOf(sanitizeStoryHtml(html)), p.username).toBe(textOf(html));
    }
  });
});
