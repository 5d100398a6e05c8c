import fc from 'fast-check';
import { DomUtils } from 'htmlparser2';
import { Text, isTag, type ChildNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { countHtmlWords, countWords, htmlToText, nodesToText, parseFragment, serializeNodes, textWords } from './html-text';
import { sanitizeStoryHtml } from './sanitize-story-html';
import { DEFAULT_WORDS_PER_PAGE, PHOTO_PAGE_WORDS, splitIntoPages } from './split-into-pages';

// --- helpers -----------------------------------------------------------------------------------

const words = (n: number, prefix = 'w'): string => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
const pageWords = (pages: string[]): number[] => pages.map(countHtmlWords);

/**
 * The words of HTML fragments in order, where a `<thead>` whose words were already seen (a
 * repeated table header) is skipped. With globally unique words, this equals the input's words
 * exactly when nothing was lost, duplicated or reordered.
 */
function wordStream(fragments: string[], dropAllTheads = false): string[] {
  const seenHeads = new Set<string>();
  const out: string[] = [];
  for (const html of fragments) {
    const nodes = parseFragment(html);
    const heads: string[][] = [];
    const replaceHeads = (list: ChildNode[]): void => {
      for (let i = 0; i < list.length; i++) {
        const n = list[i]!;
        if (!isTag(n)) continue;
        if (n.name === 'thead') {
          heads.push(textWords(nodesToText([n])));
          const marker = new Text(` \u0002${heads.length - 1}\u0002 `);
          marker.parent = n.parent;
          list[i] = marker;
        } else {
          replaceHeads(n.children);
        }
      }
    };
    replaceHeads(nodes);
    for (const token of textWords(nodesToText(nodes))) {
      const m = /^\u0002(\d+)\u0002$/.exec(token);
      if (m === null) {
        out.push(token);
        continue;
      }
      if (dropAllTheads) continue;
      const head = heads[Number(m[1])]!;
      const key = head.join(' ');
      if (head.length > 0 && seenHeads.has(key)) continue;
      seenHeads.add(key);
      out.push(...head);
    }
  }
  return out;
}

function expectPageInvariants(input: string, pages: string[], limit: number, uniqueWords: boolean): void {
  expect(pages.length).toBeGreaterThanOrEqual(1);
  for (const page of pages) {
    expect(countHtmlWords(page), page).toBeLessThanOrEqual(limit);
    // well-formed and canonical
    expect(serializeNodes(parseFragment(page))).toBe(page);
    // a page is itself sanitised story HTML
    expect(sanitizeStoryHtml(page)).toBe(page);
  }
  // nothing lost, duplicated or reordered
  if (uniqueWords) expect(wordStream(pages)).toEqual(wordStream([input]));
  expect(wordStream(pages, true)).toEqual(wordStream([input], true));
  // stable: splitting the joined pages again gives the same pages
  expect(splitIntoPages(pages.join(''), limit)).toEqual(pages);
}

// --- unit tests ----------------------------------------------------------------------------------

describe('splitIntoPages: basics', () => {
  it('gives exactly one empty page for empty or whitespace-only input', () => {
    expect(splitIntoPages('')).toEqual(['']);
    expect(splitIntoPages('   \n\t  ')).toEqual(['']);
  });

  it('keeps zero-word markup on a single page', () => {
    expect(splitIntoPages('<p></p><p></p>')).toEqual(['<p></p><p></p>']);
    expect(splitIntoPages('<p><img src="/media/a.png" alt=""></p><hr>', 1)).toEqual(['<p><img src="/media/a.png" alt=""></p><hr>']);
  });

  it('defaults to 900 words a page; exactly 900 words fit on one page', () => {
    expect(DEFAULT_WORDS_PER_PAGE).toBe(900);
    const exact = `<p>${words(900)}</p>`;
    expect(splitIntoPages(exact)).toEqual([exact]);
    const twoBlocks = `<p>${words(450, 'a')}</p><p>${words(450, 'b')}</p>`;
    expect(splitIntoPages(twoBlocks)).toEqual([twoBlocks]);
    const over = `<p>${words(450, 'a')}</p><p>${words(451, 'b')}</p>`;
    expect(splitIntoPages(over)).toEqual([`<p>${words(450, 'a')}</p>`, `<p>${words(451, 'b')}</p>`]);
  });

  it('fills pages greedily with whole blocks, in order', () => {
    const html = '<p>a b c</p><h3>d e</h3><p>f</p><ul><li>g h</li></ul><p>i j k l m</p>';
    expect(splitIntoPages(html, 5)).toEqual(['<p>a b c</p><h3>d e</h3>', '<p>f</p><ul><li>g h</li></ul>', '<p>i j k l m</p>']);
  });

  it('counts images as 0 words and keeps them with their block', () => {
    const html = '<p>a b <img src="/media/x.png" alt="x y z"></p><p><img src="/media/y.png" alt=""></p><p>c d</p>';
    expect(pageWords(splitIntoPages(html, 2))).toEqual([2, 2]);
    expect(splitIntoPages(html, 2)).toEqual([
      '<p>a b <img src="/media/x.png" alt="x y z"></p><p><img src="/media/y.png" alt=""></p>',
      '<p>c d</p>',
    ]);
  });

  it('counts a figure as its caption words plus PHOTO_PAGE_WORDS of page space, at most a page', () => {
    expect(PHOTO_PAGE_WORDS).toBe(60);
    const figure = (caption = '') =>
      `<figure><img src="/media/f.jpg" alt="">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    // 2 + 60 + 60 > 100: the second photo starts a page; 60 + 2 fit on it.
    const html = `<p>a b</p>${figure()}${figure()}<p>c d</p>`;
    expect(splitIntoPages(html, 100)).toEqual([`<p>a b</p>${figure()}`, `${figure()}<p>c d</p>`]);
    // Twenty photos are not one endless page: at most 15 to the 900 words of a page.
    expect(splitIntoPages(figure().repeat(20)).map((p) => p.split('<img').length - 1)).toEqual([15, 5]);
    // A photo never takes more than a page: with a 40-word page it is one page, not cut.
    expect(splitIntoPages(`${figure('a b')}<p>c</p>`, 40)).toEqual([figure('a b'), '<p>c</p>']);
  });

  it('never cuts a figure from its caption', () => {
    const figure = (caption: string) => `<figure><img src="/media/f.jpg" alt=""><figcaption>${caption}</figcaption></figure>`;
    // 30 words + a figure of 60 + 20 words: over 100, so the figure starts the next page whole.
    const html = `<p>${words(30)}</p>${figure(words(20, 'c'))}`;
    expect(splitIntoPages(html, 100)).toEqual([`<p>${words(30)}</p>`, figure(words(20, 'c'))]);
    // A caption longer than a page: the figure is a page of its own, not cut.
    const long = `<p>a</p>${figure(words(120, 'c'))}<p>b</p>`;
    expect(splitIntoPages(long, 100)).toEqual(['<p>a</p>', figure(words(120, 'c')), '<p>b</p>']);
  });

  it('counts &nbsp; as whitespace and inline boundaries as no boundary', () => {
    expect(countHtmlWords('<p>a&nbsp;b\u00a0c</p>')).toBe(3);
    expect(countHtmlWords('<p>foo<em>bar</em> baz</p>')).toBe(2);
    expect(countHtmlWords('<ul><li>a</li><li>b</li></ul><table><tr><td>c</td><td>d</td></tr></table>a<br>b')).toBe(6);
    expect(countWords(' \u00a0 x \u2003 y\n')).toBe(2);
    // a cut never falls inside "foobar"
    const pages = splitIntoPages('<p>one two. foo<em>bar</em> three. four five.</p>', 2);
    expect(pages).toEqual(['<p>one two. </p>', '<p>foo<em>bar</em> three. </p>', '<p>four five.</p>']);
  });

  it('rejects a wordsPerPage that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => splitIntoPages('<p>x</p>', bad)).toThrow(RangeError);
    }
  });

  it('drops whitespace between top-level blocks', () => {
    expect(splitIntoPages('\n<p>a</p>\n\n<p>b</p>\n', 1)).toEqual(['<p>a</p>', '<p>b</p>']);
  });
});

describe('splitIntoPages: chapters', () => {
  it('starts a new page at an h2 when the page is at least half full', () => {
    // 5 of 10 words: half full, so the chapter starts the next page although it would fit.
    expect(splitIntoPages(`<p>${words(5)}</p><h2>Two</h2><p>x</p>`, 10)).toEqual([`<p>${words(5)}</p>`, '<h2>Two</h2><p>x</p>']);
    // 4 of 10: less than half, the chapter follows on the same page.
    expect(splitIntoPages(`<p>${words(4)}</p><h2>Two</h2><p>x</p>`, 10)).toEqual([`<p>${words(4)}</p><h2>Two</h2><p>x</p>`]);
    // odd limits: 3 of 5 is at least half (2.5)
    expect(splitIntoPages('<p>a b c</p><h2>d</h2>', 5)).toEqual(['<p>a b c</p>', '<h2>d</h2>']);
    expect(splitIntoPages('<p>a b</p><h2>d</h2>', 5)).toEqual(['<p>a b</p><h2>d</h2>']);
  });

  it('counts photo space towards half a page', () => {
    const figure = `<figure><img src="/media/${'f'.repeat(32)}.jpg" alt=""></figure>`;
    // a photo (60) on a 100-word page: more than half, though it has no words
    expect(splitIntoPages(`${figure}<h2>Next</h2>`, 100)).toEqual([figure, '<h2>Next</h2>']);
  });

  it('only a top-level h2 starts a chapter; h3 and an h2 in a quote follow on', () => {
    expect(splitIntoPages(`<p>${words(6)}</p><h3>Sub</h3>`, 10)).toEqual([`<p>${words(6)}</p><h3>Sub</h3>`]);
    const quoted = `<p>${words(6)}</p><blockquote><h2>Said</h2></blockquote>`;
    expect(splitIntoPages(quoted, 10)).toEqual([quoted]);
  });

  it('keeps an id on the first part of a cut heading only', () => {
    expect(splitIntoPages('<h2 id="long">A b. C d.</h2>', 2)).toEqual(['<h2 id="long">A b. </h2>', '<h2>C d.</h2>']);
  });

  it('an empty page never comes first: a chapter at the very start stays on page 1', () => {
    expect(splitIntoPages('<h2>One</h2><p>a b c d e f</p><h2>Two</h2>', 10)).toEqual(['<h2>One</h2><p>a b c d e f</p>', '<h2>Two</h2>']);
  });
});

describe('splitIntoPages: oversized blocks', () => {
  it('splits a paragraph at sentence ends, filling the current page first', () => {
    const html = '<p>x y</p><p>One two. Three four five! Six seven? Eight… Nine ten eleven twelve.</p>';
    const pages = splitIntoPages(html, 5);
    expect(pages).toEqual(['<p>x y</p><p>One two. </p>', '<p>Three four five! Six seven? </p>', '<p>Eight… Nine ten eleven twelve.</p>']);
  });

  it('treats closing quotes and brackets after the terminator as part of the sentence', () => {
    const pages = splitIntoPages('<p>He said "stop." Then (she left.) Done now.</p>', 3);
    expect(pages).toEqual(['<p>He said "stop." </p>', '<p>Then (she left.) </p>', '<p>Done now.</p>']);
  });

  it('does not cut where a terminator is not followed by whitespace', () => {
    expect(splitIntoPages('<p>Version 1.2.3 is out.Really it is.</p>', 3)).toEqual([
      '<p>Version 1.2.3 is </p>',
      '<p>out.Really it is.</p>',
    ]);
  });

  it('cuts a sentence longer than a page between words', () => {
    const pages = splitIntoPages(`<p>${words(7)}</p>`, 3);
    expect(pages).toEqual(['<p>w0 w1 w2 </p>', '<p>w3 w4 w5 </p>', '<p>w6</p>']);
  });

  it('closes and reopens inline markup around a cut, with its attributes', () => {
    const html = '<p>Start <em>one. two <a href="/s" rel="noopener noreferrer nofollow">three. four</a> five.</em> six.</p>';
    const pages = splitIntoPages(html, 3);
    expect(pages).toEqual([
      '<p>Start <em>one. </em></p>',
      '<p><em>two <a href="/s" rel="noopener noreferrer nofollow">three. </a></em></p>',
      '<p><em><a href="/s" rel="noopener noreferrer nofollow">four</a> five.</em> six.</p>',
    ]);
  });

  it('splits headings and keeps the heading level', () => {
    expect(splitIntoPages('<h2>A b. C d.</h2>', 2)).toEqual(['<h2>A b. </h2>', '<h2>C d.</h2>']);
  });

  it('splits pre at line breaks and keeps every character', () => {
    const code = 'line one\nline two\n\n  line three\nfour';
    const pages = splitIntoPages(`<pre><code>${code}</code></pre>`, 3);
    expect(pages).toEqual([
      '<pre><code>line one\n</code></pre>',
      '<pre><code>line two\n\n  </code></pre>',
      '<pre><code>line three\nfour</code></pre>',
    ]);
    expect(pages.map((p) => DomUtils.textContent(parseFragment(p))).join('')).toBe(code);
  });

  it('splits lists between items and numbers ol continuations', () => {
    const html = '<ol><li>a b</li><li>c d</li><li>e f</li><li>g h</li><li>i</li></ol>';
    expect(splitIntoPages(html, 4)).toEqual([
      '<ol><li>a b</li><li>c d</li></ol>',
      '<ol start="3"><li>e f</li><li>g h</li></ol>',
      '<ol start="5"><li>i</li></ol>',
    ]);
    expect(splitIntoPages('<ol start="10"><li>a b</li><li>c d</li></ol>', 2)).toEqual([
      '<ol start="10"><li>a b</li></ol>',
      '<ol start="11"><li>c d</li></ol>',
    ]);
    expect(splitIntoPages('<ul><li>a b</li><li>c d</li></ul>', 2)).toEqual(['<ul><li>a b</li></ul>', '<ul><li>c d</li></ul>']);
  });

  it('splits an oversized list item; its continuation keeps the item number', () => {
    const html = '<ol><li>a</li><li><p>b c.</p><p>d e.</p></li><li>f</li></ol>';
    expect(splitIntoPages(html, 3)).toEqual([
      '<ol><li>a</li><li><p>b c.</p></li></ol>',
      '<ol start="2"><li><p>d e.</p></li><li>f</li></ol>',
    ]);
  });

  it('splits nested lists at the nested items', () => {
    const html = '<ul><li>a<ul><li>b c</li><li>d e</li></ul></li></ul>';
    expect(splitIntoPages(html, 3)).toEqual(['<ul><li>a<ul><li>b c</li></ul></li></ul>', '<ul><li><ul><li>d e</li></ul></li></ul>']);
  });

  it('splits tables between rows and repeats the thead', () => {
    const head = '<thead><tr><th>Name</th><th>Age</th></tr></thead>';
    const html = `<table>${head}<tbody><tr><td>a b</td><td>1</td></tr><tr><td>c</td><td>2</td></tr><tr><td>d e f</td><td>3</td></tr></tbody></table>`;
    const pages = splitIntoPages(html, 6);
    // rows hold 3, 2 and 4 words; the repeated header 2 on every page
    expect(pages).toEqual([
      `<table>${head}<tbody><tr><td>a b</td><td>1</td></tr></tbody></table>`,
      `<table>${head}<tbody><tr><td>c</td><td>2</td></tr></tbody></table>`,
      `<table>${head}<tbody><tr><td>d e f</td><td>3</td></tr></tbody></table>`,
    ]);
    expect(pageWords(pages)).toEqual([5, 4, 6]);
    expect(splitIntoPages(html.replace('<td>c</td>', '<td></td>'), 6)).toEqual([
      `<table>${head}<tbody><tr><td>a b</td><td>1</td></tr><tr><td></td><td>2</td></tr></tbody></table>`,
      `<table>${head}<tbody><tr><td>d e f</td><td>3</td></tr></tbody></table>`,
    ]);
  });

  it('does not repeat a thead bigger than half a page', () => {
    const html = '<table><thead><tr><th>h1 h2 h3</th></tr></thead><tbody><tr><td>a b</td></tr><tr><td>c d</td></tr></tbody></table>';
    // 3 > 5 / 2: the thead is an ordinary part of the table
    expect(splitIntoPages(html, 5)).toEqual([
      '<table><thead><tr><th>h1 h2 h3</th></tr></thead></table>',
      '<table><tbody><tr><td>a b</td></tr><tr><td>c d</td></tr></tbody></table>',
    ]);
  });

  it('pads a row cut between cells so that cells keep their columns', () => {
    expect(splitIntoPages('<table><tr><td colspan="3">a b</td><td>c d</td></tr></table>', 2)).toEqual([
      '<table><tr><td colspan="3">a b</td></tr></table>',
      '<table><tr><td colspan="3"></td><td>c d</td></tr></table>',
    ]);
    const html = '<table><tr><td>a b</td><td align="right">c d. e f.</td><td>g</td></tr></table>';
    expect(splitIntoPages(html, 4)).toEqual([
      '<table><tr><td>a b</td></tr></table>',
      '<table><tr><td></td><td align="right">c d. e f.</td></tr></table>',
      '<table><tr><td colspan="2"></td><td>g</td></tr></table>',
    ]);
    expect(splitIntoPages(html, 3)).toEqual([
      '<table><tr><td>a b</td></tr></table>',
      '<table><tr><td></td><td align="right">c d. </td></tr></table>',
      '<table><tr><td></td><td align="right">e f.</td><td>g</td></tr></table>',
    ]);
  });

  it('splits blockquotes between their blocks', () => {
    const html = '<p>x</p><blockquote><p>a b</p><p>c d</p><p>e</p></blockquote>';
    expect(splitIntoPages(html, 3)).toEqual(['<p>x</p><blockquote><p>a b</p></blockquote>', '<blockquote><p>c d</p><p>e</p></blockquote>']);
  });

  it('keeps an image inside the piece of the paragraph where it stands', () => {
    // an image in the whitespace after a sentence stays with that sentence
    expect(splitIntoPages('<p>a b. <img src="/media/i.png" alt=""> c d.</p>', 2)).toEqual([
      '<p>a b. <img src="/media/i.png" alt=""> </p>',
      '<p>c d.</p>',
    ]);
    expect(splitIntoPages('<p>a b. c<img src="/media/i.png" alt="">d.</p>', 2)).toEqual([
      '<p>a b. </p>',
      '<p>c<img src="/media/i.png" alt="">d.</p>',
    ]);
  });

  it('never gives a page more words than the limit, even with limit 1', () => {
    const html = sanitizeStoryHtml(
      '<h1>T t</h1><p>A <em>b c</em>. D!</p><ul><li>e f</li></ul><table><thead><tr><th>H</th></tr></thead><tr><td>g h</td></tr></table>',
    );
    const pages = splitIntoPages(html, 1);
    expect(pageWords(pages).every((n) => n <= 1)).toBe(true);
    expect(wordStream(pages)).toEqual(wordStream([html]));
  });
});

describe('splitIntoPages: scale', () => {
  // Quadratic regular expressions would take far longer than the test timeout on these.
  it('stays linear on long runs of terminators, quotes and spaces', () => {
    const n = 1_000_000;
    expect(splitIntoPages(`<p>a ${'.'.repeat(n)}b c</p>`, 2)).toHaveLength(2);
    expect(splitIntoPages(`<p>a .${'"'.repeat(n)}b c</p>`, 2)).toHaveLength(2);
    expect(splitIntoPages(`<p>a ${' '.repeat(n)}b c d</p>`, 2)).toHaveLength(2);
    expect(splitIntoPages(`<pre>a ${' '.repeat(n)}b\nc d\ne</pre>`, 2)).toHaveLength(3);
    expect(htmlToText(`<p>a ${' '.repeat(n)}b</p><p>c</p>`)).toBe(`a ${' '.repeat(n)}b\n\nc`);
  });

  it('splits a large body into pages of at most 900 words without losing words', () => {
    const para = (i: number): string => `<p>${Array.from({ length: 40 }, (_, k) => `s${i}w${k}${k % 9 === 8 ? '.' : ''}`).join(' ')}</p>`;
    const html = Array.from({ length: 2000 }, (_, i) => (i % 50 === 0 ? `<p>${words(1500, `big${i}x`)}</p>` : para(i))).join('');
    const pages = splitIntoPages(html);
    const counts = pageWords(pages);
    expect(Math.max(...counts)).toBeLessThanOrEqual(900);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(countHtmlWords(html));
    expect(textWords(htmlToText(pages.join('')))).toEqual(textWords(htmlToText(html)));
    expect(splitIntoPages(pages.join(''))).toEqual(pages);
  });
});

// --- property tests ----------------------------------------------------------------------------

const W = '\u0001'; // a word placeholder, numbered afterwards so that all words are unique

const space = fc.constantFrom(' ', ' ', ' ', ' ', '\n', '&nbsp;', '  ', ' \n ');
const punct = fc.constantFrom('', '', '', '', '.', '.', '!', '?', '…', '."', ',', '.)');
const plain = (max: number) =>
  fc.array(fc.tuple(punct, space), { minLength: 1, maxLength: max }).map((ws) => ws.map(([p, s]) => W + p + s).join(''));
/** A text run that may be glued to its neighbours (no trailing space): exercises words across tags. */
const glued = fc.array(punct, { minLength: 1, maxLength: 4 }).map((ps) => ps.map((p) => W + p).join(' '));

const { inline } = fc.letrec<{ inline: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { weight: 6, arbitrary: plain(12) },
    { weight: 1, arbitrary: glued },
    { weight: 1, arbitrary: fc.constant(`<img src="/media/${'e'.repeat(32)}.png" alt="">`) },
    { weight: 1, arbitrary: fc.constant('<br>') },
    { weight: 2, arbitrary: tie('inline').map((s) => `<em>${s}</em>`) },
    { weight: 1, arbitrary: tie('inline').map((s) => `<strong>${s}</strong>`) },
    { weight: 1, arbitrary: tie('inline').map((s) => `<a href="/story/x">${s}</a>`) },
    { weight: 1, arbitrary: plain(4).map((s) => `<code>${s}</code>`) },
  ),
  inline: fc.oneof(
    { maxDepth: 3 },
    tie('atom'),
    fc.array(tie('atom'), { minLength: 2, maxLength: 4 }).map((a) => a.join('')),
  ),
}));

const longSentence = fc.integer({ min: 10, max: 80 }).map((n) => `<p>${Array.from({ length: n }, () => W).join(' ')}</p>`);
const pre = fc.array(plain(6), { minLength: 1, maxLength: 5 }).map((lines) => `<pre><code>${lines.join('\n')}</code></pre>`);
const cells = (tag: 'td' | 'th', cols: number) =>
  fc.array(inline, { minLength: cols, maxLength: cols }).map((cs) => `<tr>${cs.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`);
const table = fc
  .integer({ min: 1, max: 3 })
  .chain((cols) =>
    fc
      .tuple(fc.option(cells('th', cols)), fc.array(cells('td', cols), { minLength: 1, maxLength: 5 }))
      .map(([head, rows]) => `<table>${head === null ? '' : `<thead>${head}</thead>`}<tbody>${rows.join('')}</tbody></table>`),
  );

const { block } = fc.letrec<{ block: string; list: string; quote: string }>((tie) => ({
  block: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    { weight: 6, arbitrary: inline.map((s) => `<p>${s}</p>`) },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([l, s]) => `<h${l}>${s}</h${l}>`) },
    { weight: 2, arbitrary: longSentence },
    { weight: 1, arbitrary: pre },
    { weight: 2, arbitrary: tie('list') },
    { weight: 1, arbitrary: tie('quote') },
    { weight: 2, arbitrary: table },
    { weight: 1, arbitrary: fc.constantFrom('<hr>', '<p></p>', `<p><img src="/media/${'a'.repeat(32)}.png" alt="a"></p>`) },
  ),
  list: fc
    .tuple(
      fc.constantFrom('ul', 'ol', 'ol start="4"'),
      fc.array(
        fc.oneof(
          inline,
          fc.array(tie('block'), { minLength: 1, maxLength: 3 }).map((b) => b.join('')),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([tag, items]) => `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag.split(' ')[0]}>`),
  quote: fc.array(tie('block'), { minLength: 1, maxLength: 4 }).map((bs) => `<blockquote>${bs.join('')}</blockquote>`),
}));

const documentArb = fc.array(block, { maxLength: 8 }).map((blocks) => {
  let n = 0;
  return blocks.join('').replace(/\u0001/g, () => `w${n++}`);
});

/** Stories as the editor writes them: chapters (h2) of a few paragraphs, sometimes a sub-heading. */
const chapterDocumentArb = fc
  .array(
    fc.tuple(
      inline,
      fc.array(fc.oneof({ weight: 4, arbitrary: block }, { weight: 1, arbitrary: inline.map((s) => `<h3>${s}</h3>`) }), { maxLength: 4 }),
    ),
    {
      maxLength: 6,
    },
  )
  .map((chapters) => {
    let n = 0;
    return chapters
      .map(([title, blocks]) => `<h2>${title}</h2>${blocks.join('')}`)
      .join('')
      .replace(/\u0001/g, () => `w${n++}`);
  });

describe('splitIntoPages: properties', () => {
  // Async, yielding between runs: on a busy two-core machine its 400 runs took 78 s, and a test process that does
  // not answer vitest's calls for 60 s fails the whole run ("Timeout calling onTaskUpdate").
  it('keeps every word once and in order, respects the limit, is stable', async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, fc.integer({ min: 1, max: 50 }), async (doc, limit) => {
        await new Promise((resolve) => setImmediate(resolve));
        const input = sanitizeStoryHtml(doc);
        expect(wordStream([input])).toEqual(wordStream([doc])); // the generator makes valid story HTML
        const pages = splitIntoPages(input, limit);
        expectPageInvariants(input, pages, limit, true);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 400) },
    );
  });

  it('with a large limit gives the whole input as a single page', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const input = sanitizeStoryHtml(doc);
        expect(splitIntoPages(input, 100000)).toEqual([input]);
      }),
      { numRuns: 100 },
    );
  });

  it('pages are full: a page is closed only when the next unit did not fit', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: 2, max: 30 }), (doc, limit) => {
        const pages = splitIntoPages(sanitizeStoryHtml(doc), limit);
        const counts = pageWords(pages);
        // two neighbouring pages always hold more than one page's worth, unless a chapter starts the second
        // and the first was at least half full
        for (let i = 0; i + 1 < counts.length; i++) {
          if (pages[i + 1]!.startsWith('<h2>') && 2 * counts[i]! >= limit) continue;
          expect(counts[i]! + counts[i + 1]!).toBeGreaterThan(limit);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a chapter heading within a page stands after less than half a page', () => {
    fc.assert(
      fc.property(chapterDocumentArb, fc.integer({ min: 2, max: 40 }), (doc, limit) => {
        const input = sanitizeStoryHtml(doc);
        const pages = splitIntoPages(input, limit);
        expectPageInvariants(input, pages, limit, true);
        for (const page of pages) {
          const nodes = parseFragment(page);
          let before = 0;
          for (const [i, node] of nodes.entries()) {
            if (i > 0 && isTag(node) && node.name === 'h2') expect(2 * before, page).toBeLessThan(limit);
            before += countHtmlWords(serializeNodes([node]));
          }
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('handles sanitised random HTML-ish input', () => {
    const tags = [
      'p',
      'em',
      'strong',
      'a',
      'ul',
      'ol',
      'li',
      'table',
      'thead',
      'tr',
      'td',
      'th',
      'blockquote',
      'pre',
      'h2',
      'br',
      `img src="/media/${'a'.repeat(32)}.png"`,
      'div',
      'span',
    ];
    const htmlish = fc
      .array(
        fc.oneof(
          fc.constantFrom(...tags).map((t) => `<${t}>`),
          fc.constantFrom(...tags).map((t) => `</${t.split(' ')[0]}>`),
          fc.constantFrom('word', 'two words', 'end. ', 'Why? ', ' ', '\n\n', '&nbsp;', 'a.b', '…'),
        ),
        { maxLength: 60 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(htmlish, fc.integer({ min: 1, max: 12 }), (raw, limit) => {
        const input = sanitizeStoryHtml(raw);
        const pages = splitIntoPages(input, limit);
        expectPageInvariants(input, pages, limit, false);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 400) },
    );
  });
});

// keep the helper honest
describe('wordStream helper', () => {
  it('skips repeated theads only', () => {
    const t = (head: string, body: string): string =>
      `<table><thead><tr><th>${head}</th></tr></thead><tbody><tr><td>${body}</td></tr></tbody></table>`;
    expect(wordStream([t('h', 'a'), t('h', 'b')])).toEqual(['h', 'a', 'b']);
    expect(wordStream([t('h', 'a'), t('g', 'b')])).toEqual(['h', 'a', 'g', 'b']);
    expect(wordStream([t('h', 'a')], true)).toEqual(['a']);
  });
});
