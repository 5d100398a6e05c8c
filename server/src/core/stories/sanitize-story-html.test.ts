import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { htmlish } from '../../../../tests/support/html-arbitraries';
import { XSS_PAYLOADS } from '../../../../tests/support/xss-payloads';
import { LINK_REL, safeImageSrc, safeLinkHref, sanitizeStoryHtml } from './sanitize-story-html';
import { countWords, htmlToText, serializeNodes, textWords } from './html-text';

// --- DOM inspection of sanitised output ----------------------------------------------------

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  s: [],
  del: [],
  u: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'align'],
  td: ['colspan', 'rowspan', 'align'],
};
const FORBIDDEN_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'base',
  'meta',
  'link',
  'frame',
  'frameset',
  'applet',
  'input',
  'button',
  'textarea',
  'select',
  'template',
  'noscript',
  'div',
  'span',
  'font',
  'video',
  'audio',
  'image',
  'isindex',
  'portal',
];
const BAD_SCHEME = /^(?:javascript|data|vbscript|livescript|mocha|jar|file|blob):/;

/** Decodes entities (once more than the parser did) and strips what browsers ignore in URLs. */
function normalisedUrl(value: string): string {
  const decodedAgain = DomUtils.textContent(parseDocument(value));
  return decodedAgain.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g, '').toLowerCase();
}

function elementsOf(html: string): Element[] {
  const out: Element[] = [];
  const walk = (nodes: AnyNode[]): void => {
    for (const n of nodes) {
      if (isTag(n)) {
        out.push(n);
        walk(n.children);
      } else if ('children' in n && Array.isArray(n.children)) {
        walk(n.children as AnyNode[]);
      }
    }
  };
  walk(parseDocument(html).children);
  return out;
}

/** Every security problem found in sanitised output (empty when safe). */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  for (const el of elementsOf(html)) {
    const name = el.name.toLowerCase();
    if (FORBIDDEN_ELEMENTS.includes(name)) problems.push(`forbidden element <${name}>`);
    const allowed = ALLOWED_ATTRIBUTES[name];
    if (allowed === undefined) problems.push(`unexpected element <${name}>`);
    for (const [attr, value] of Object.entries(el.attribs)) {
      const a = attr.toLowerCase();
      if (a.startsWith('on')) problems.push(`event handler ${a} on <${name}>`);
      if (
        a === 'style' ||
        a === 'class' ||
        a === 'id' ||
        a === 'srcset' ||
        a === 'formaction' ||
        a === 'xlink:href' ||
        a === 'action' ||
        a === 'background' ||
        a === 'target'
      ) {
        problems.push(`attribute ${a} on <${name}>`);
      }
      if (allowed !== undefined && !allowed.includes(a)) problems.push(`unexpected attribute ${a} on <${name}>`);
      if (a === 'href' || a === 'src') {
        const url = normalisedUrl(value);
        if (BAD_SCHEME.test(url)) problems.push(`dangerous ${a}=${JSON.stringify(value)}`);
        if (a === 'src' && !/^\/media\/[a-f0-9]{32}\.(?:jpg|png)$/.test(url)) {
          problems.push(`image source not allowed: ${JSON.stringify(value)}`);
        }
        if (a === 'href' && /^[a-z][a-z0-9+.-]*:/.test(url) && !/^(?:https?|mailto):/.test(url)) {
          problems.push(`link scheme not allowed: ${JSON.stringify(value)}`);
        }
      }
    }
    if (name === 'a' && el.attribs.rel !== LINK_REL) problems.push('link without rel');
  }
  // Independent of the parser: every tag-like sequence in the string (outside double-quoted
  // attribute values, where `<` is inert) must be an allowed tag.
  const outsideValues = html.replace(/="[^"]*"/g, '=""');
  for (const m of outsideValues.matchAll(/<\/?([^\s/>]+)/g)) {
    const tag = m[1]!.toLowerCase();
    if (ALLOWED_ATTRIBUTES[tag] === undefined) problems.push(`raw tag-like text <${tag}`);
  }
  if (/<[!?]/.test(outsideValues)) problems.push('comment, doctype, CDATA or processing instruction');
  return problems;
}

function expectSafeAndStable(input: string): string {
  const out = sanitizeStoryHtml(input);
  expect(problemsIn(out), `input: ${input}\noutput: ${out}`).toEqual([]);
  expect(sanitizeStoryHtml(out), `not idempotent for input: ${input}`).toBe(out);
  return out;
}

// --- XSS ------------------------------------------------------------------------------------

describe('sanitizeStoryHtml: XSS payloads', () => {
  it('has at least 100 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i is neutralised: %s', (_i, payload) => {
    const out = expectSafeAndStable(payload);
    expect(out).not.toMatch(/<script/i);
  });

  it('never lets a script-y string survive as markup, in any payload', () => {
    for (const payload of XSS_PAYLOADS) {
      const out = sanitizeStoryHtml(payload);
      for (const el of elementsOf(out)) {
        for (const value of Object.values(el.attribs)) {
          expect(normalisedUrl(value)).not.toMatch(/^(?:javascript|vbscript|data):/);
        }
      }
    }
  });

  it('stays safe and idempotent for concatenations and wrappings of payloads', () => {
    const payload = fc.constantFrom(...XSS_PAYLOADS);
    const wrapper = fc.constantFrom('', '<p>', '<em>', '<ul><li>', '<table><tr><td>', '<blockquote>', '<a href="/x">', '<pre>', '<h2>');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(wrapper, payload, fc.constantFrom('', ' ', '\n\n', 'text')), { minLength: 1, maxLength: 4 }),
        (parts) => {
          const input = parts.map(([w, p, sep]) => w + p + sep).join('');
          expectSafeAndStable(input);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('removes specific vectors', () => {
    expect(sanitizeStoryHtml('<p onclick="alert(1)">x</p>')).toBe('<p>x</p>');
    expect(sanitizeStoryHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeStoryHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeStoryHtml('<style>p{color:red}</style><p style="color:red">ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeStoryHtml('<iframe src="https://evil.example">fallback</iframe>')).toBe('');
    expect(sanitizeStoryHtml('<a href="javascript:alert(1)">x</a>')).toBe(`<p><a rel="${LINK_REL}">x</a></p>`);
    expect(sanitizeStoryHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe(`<p><a rel="${LINK_REL}">x</a></p>`);
    expect(sanitizeStoryHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('');
    expect(sanitizeStoryHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(sanitizeStoryHtml('<div class="x" id="y"><span>text</span></div>')).toBe('<p>text</p>');
  });
});

describe('URL rules', () => {
  it('accepts link hrefs that are http(s), mailto, relative or protocol-relative', () => {
    for (const ok of [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:me@example.com',
      '/story/bob/page/1',
      'page2',
      '#top',
      '?q=1',
      '//example.com/x',
      'https://example.com/a:b',
    ]) {
      expect(safeLinkHref(ok), ok).toBe(ok);
    }
    expect(safeLinkHref('  https://example.com  ')).toBe('https://example.com');
  });

  it('rejects other link schemes, also obfuscated', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:x',
      '\u0001javascript:x',
      'java\u0000script:x',
      'java\u200bscript:x',
      'java\u00adscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'tel:123',
      'ftp://x',
      ':x',
      '1:x',
      '',
    ]) {
      expect(safeLinkHref(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('accepts image sources only from our own media route, always written as /media/<name> (ADR 0016)', () => {
    const name = '0123456789abcdef0123456789abcdef';
    for (const ok of [`/public/uploads/${name}.jpg`, `/media/${name}.png`, ` /media/${name}.jpg\t`]) {
      expect(safeImageSrc(ok), ok).toBe(`/media/${ok.trim().split('/').pop()}`);
    }
    for (const bad of [
      // third-party hosts: a remote image is a tracking pixel for every reader
      'https://cdn.example.com/a.png',
      'http://cdn.example.com/a.png',
      `https://cdn.example.com/media/${name}.jpg`,
      // not an original's name: sizes, other extensions, queries
      `/media/${name}-960.webp`,
      `/media/${name}.gif`,
      `/media/${name}.jpg?x=1`,
      '/media/ab12.png',
      '//evil.example/a.png',
      '\\\\evil.example/a.png',
      '/\\evil.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/etc/passwd',
      'uploads/a.png',
      '/public/uploadsx/a.png',
      '/media/../api/x',
      '/media/%2e%2e/x',
      '/public/uploads/',
      'https://',
      'blob:https://x/y',
      '',
    ]) {
      expect(safeImageSrc(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('drops images without an acceptable source, keeps protocol-relative links', () => {
    expect(sanitizeStoryHtml('<p><img src="//evil.example/x.png" alt="a">x</p>')).toBe('<p>x</p>');
    expect(sanitizeStoryHtml('<p><img src="https://tracker.example/pixel.gif" alt="">x</p>')).toBe('<p>x</p>');
    expect(sanitizeStoryHtml('<p><a href="//example.com/x">x</a></p>')).toBe(`<p><a href="//example.com/x" rel="${LINK_REL}">x</a></p>`);
  });
});

// --- allowed markup ----------------------------------------------------------------------------

describe('sanitizeStoryHtml: allowed markup', () => {
  it('keeps canonical story markup unchanged', () => {
    const doc = [
      '<h1>Title</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
      '<p>Plain <strong>strong</strong> <b>b</b> <em>em</em> <i>i</i> <s>s</s> <del>del</del> <u>u</u> H<sub>2</sub>O x<sup>2</sup> <code>code()</code><br>next line</p>',
      '<hr>',
      '<blockquote><p>Quoted.</p><blockquote><p>Nested.</p></blockquote></blockquote>',
      '<ul><li><p>one</p></li><li><p>two</p><ul><li>nested</li></ul></li></ul>',
      '<ol start="3"><li>three</li><li>four</li></ol>',
      '<pre><code>const x = 1 &lt; 2 &amp;&amp; y;\n  indented\n\nblank line above</code></pre>',
      `<p><a href="https://example.com/a?b=1&amp;c=2" title="Example" rel="${LINK_REL}">link</a></p>`,
      '<p><img src="/media/0f3a0000000000000000000000000000.jpg" alt="A photo" width="640" height="480"></p>',
      '<p><img src="/media/0f3a0000000000000000000000000000.png" alt=""></p>',
      '<figure><img src="/media/0f3a0000000000000000000000000001.jpg" alt="Mother, 1950" width="1600" height="1200"><figcaption>Mother at <em>the farm</em>, 1950</figcaption></figure>',
      '<figure><img src="/media/0f3a0000000000000000000000000002.jpg" alt=""></figure>',
      '<table><thead><tr><th align="left">Name</th><th colspan="2" align="right">Age</th></tr></thead>',
      '<tbody><tr><td>Ann</td><td rowspan="2">30</td><td>x</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
      '<p>Entities &amp; &lt;tags&gt; "quotes" \'apostrophes\' non&nbsp;breaking é 中文 😀</p>',
    ].join('');
    expect(sanitizeStoryHtml(doc)).toBe(doc);
  });

  it('adds rel to every link and drops target', () => {
    expect(sanitizeStoryHtml('<p><a href="https://x.example" target="_blank" rel="opener">x</a></p>')).toBe(
      `<p><a href="https://x.example" rel="${LINK_REL}">x</a></p>`,
    );
    const out = sanitizeStoryHtml('<p><a href="/a">a</a> <a>b</a> <a href="mailto:x@y.z" title="t">c</a></p>');
    const links = elementsOf(out).filter((e) => e.name === 'a');
    expect(links).toHaveLength(3);
    for (const a of links) expect(a.attribs.rel).toBe(LINK_REL);
  });

  it('strips editor attributes (Milkdown) and task-list checkboxes but keeps the text', () => {
    const milkdown =
      '<h1 id="title">T</h1><ul data-spread="false"><li data-item-type="task" data-checked="true" data-label="•" data-list-type="bullet"><p>done</p></li></ul>' +
      '<pre data-language="ts" class="language-ts"><code>x</code></pre><p><br data-type="hard_break"></p>' +
      '<ul><li><input type="checkbox" checked disabled> todo</li></ul>';
    expect(sanitizeStoryHtml(milkdown)).toBe(
      '<h1>T</h1><ul><li><p>done</p></li></ul><pre><code>x</code></pre><p><br></p><ul><li> todo</li></ul>',
    );
  });

  it('validates numeric and enumerated attributes', () => {
    expect(sanitizeStoryHtml('<ol start="x"><li>a</li></ol><ol start=" 07 "><li>b</li></ol>')).toBe(
      '<ol><li>a</li></ol><ol start="7"><li>b</li></ol>',
    );
    expect(
      sanitizeStoryHtml(
        '<table><tr><td align="justify" colspan="0" rowspan="-1">a</td><td align=" Center " colspan="2">b</td></tr></table>',
      ),
    ).toBe('<table><tr><td>a</td><td colspan="2" align="center">b</td></tr></table>');
    expect(sanitizeStoryHtml(`<p><img src="/media/${'a'.repeat(32)}.png" width="100%" height="50"></p>`)).toBe(
      `<p><img src="/media/${'a'.repeat(32)}.png" alt="" height="50"></p>`,
    );
  });

  it('wraps loose top-level text and inline elements in paragraphs', () => {
    expect(sanitizeStoryHtml('hello world')).toBe('<p>hello world</p>');
    expect(sanitizeStoryHtml('<em>a</em> and <strong>b</strong>')).toBe('<p><em>a</em> and <strong>b</strong></p>');
    expect(sanitizeStoryHtml('first\n\nsecond\n \n\nthird\nsame paragraph')).toBe('<p>first</p><p>second</p><p>third\nsame paragraph</p>');
    expect(sanitizeStoryHtml('intro<p>para</p>outro <em>x</em>')).toBe('<p>intro</p><p>para</p><p>outro <em>x</em></p>');
    expect(sanitizeStoryHtml('<blockquote>quoted\n\ntwo</blockquote>')).toBe('<blockquote><p>quoted</p><p>two</p></blockquote>');
    expect(sanitizeStoryHtml('<em>a\n\nb</em>')).toBe('<p><em>a</em></p><p><em>b</em></p>');
  });

  it('fixes structure so that the output re-parses to the same tree', () => {
    expect(sanitizeStoryHtml('<li>a</li><li>b</li>')).toBe('<ul><li>a</li><li>b</li></ul>');
    // the stray </p> makes an empty paragraph, as in browsers
    expect(sanitizeStoryHtml('<p>a<ul><li>b</li></ul>c</p>')).toBe('<p>a</p><ul><li>b</li></ul><p>c</p><p></p>');
    expect(sanitizeStoryHtml('<p>a<em>b<ul><li>c</li></ul>d</em>e</p>')).toBe(
      '<p>a<em>b</em></p><ul><li><em>c</em></li></ul><p><em>d</em>e</p>',
    );
    expect(sanitizeStoryHtml('<em><p>x</p><p>y</p></em>')).toBe('<p><em>x</em></p><p><em>y</em></p>');
    expect(sanitizeStoryHtml('<table><td>x</td></table>')).toBe('<table><tr><td>x</td></tr></table>');
    expect(sanitizeStoryHtml('<td>cell</td> <tr>row</tr>')).toBe('<p>cell row</p>');
    expect(sanitizeStoryHtml('<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n\n<p>x</p>\n')).toBe('<ul><li>a</li><li>b</li></ul><p>x</p>');
    expect(sanitizeStoryHtml('<h1>a<h2>b</h2></h1>')).toBe('<h1>a</h1><h2>b</h2>');
  });

  it('returns an empty string for empty or invisible input', () => {
    expect(sanitizeStoryHtml('')).toBe('');
    expect(sanitizeStoryHtml('   \n\n  ')).toBe('');
    expect(sanitizeStoryHtml('<!-- only a comment -->')).toBe('');
    expect(sanitizeStoryHtml('<br><br>')).toBe('');
    expect(sanitizeStoryHtml(undefined as unknown as string)).toBe('');
  });

  it('keeps the words of ordinary content', () => {
    const input =
      '<p>One two, three.</p><ul><li>four</li><li>five <em>six</em></li></ul><table><tr><td>seven</td><td>eight</td></tr></table>';
    expect(textWords(htmlToText(sanitizeStoryHtml(input)))).toEqual(['One', 'two,', 'three.', 'four', 'five', 'six', 'seven', 'eight']);
  });

  it('treats absurdly deep input as text (linear time), keeping paragraphs and dropping scripts', () => {
    const deep = `${'<em>'.repeat(1000)}deep <input> text<p>next</p><script>alert(1)</script><b onclick=x>end</b>`;
    const out = expectSafeAndStable(deep);
    expect(out).toBe('<p>deep  text</p><p>next</p><p>end</p>');
    const huge = '<em>x '.repeat(350_000); // ~2 MB; quadratic parsing would take minutes
    const started = Date.now();
    const hugeOut = sanitizeStoryHtml(huge);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(countWords(htmlToText(hugeOut))).toBe(350_000);
  });

  it('stays linear on long attribute values and whitespace runs', () => {
    const n = 1_000_000;
    // launder's comment stripping is quadratic; such values never reach it
    expect(sanitizeStoryHtml(`<a href="${'<!---->'.repeat(n / 7)}x">y</a>`)).toBe(`<p><a rel="${LINK_REL}">y</a></p>`);
    expect(sanitizeStoryHtml(`<a href="https://x.example/${'a'.repeat(9000)}">y</a>`)).toBe(`<p><a rel="${LINK_REL}">y</a></p>`);
    expect(sanitizeStoryHtml(`a${' '.repeat(n)}b<em>${' '.repeat(n)}</em>\n\n${' '.repeat(n)}x`)).toBe(`<p>a${' '.repeat(n)}b</p><p>x</p>`);
  });

  it('handles very deep nesting without throwing, and stays idempotent', () => {
    for (const [open, close] of [
      ['<blockquote>', '</blockquote>'],
      ['<em>', '</em>'],
      ['<ul><li>', '</li></ul>'],
      ['<table><tr><td>', '</td></tr></table>'],
      ['<div>', '</div>'],
    ] as const) {
      const input = `${open.repeat(600)}deep text${close.repeat(600)}`;
      const out = expectSafeAndStable(input);
      expect(htmlToText(out)).toContain('deep text');
    }
  });
});

// --- photos: <figure><img><figcaption> (docs/decisions/0016-photos.md) -----------------------------

describe('sanitizeStoryHtml: photos', () => {
  const src = `/media/${'c'.repeat(32)}.jpg`;
  const img = `<img src="${src}" alt="">`;

  it('keeps exactly figure > img + optional figcaption, dropping every other attribute', () => {
    expect(
      sanitizeStoryHtml(
        `<figure class="x" data-id="1" style="float:left"><img src="${src}" alt="Dad" title="t" loading="lazy" srcset="a 1x" width="4" height="3"><figcaption class="c">A <strong>caption</strong></figcaption></figure>`,
      ),
    ).toBe(`<figure><img src="${src}" alt="Dad" width="4" height="3"><figcaption>A <strong>caption</strong></figcaption></figure>`);
  });

  it('gives every image an alt (empty until the writer writes one)', () => {
    expect(sanitizeStoryHtml(`<figure><img src="${src}"></figure>`)).toBe(`<figure>${img}</figure>`);
  });

  it('drops a figure whose image is from another host, keeping the caption text', () => {
    expect(sanitizeStoryHtml('<figure><img src="https://evil.example/a.jpg" alt="x"><figcaption>Seen</figcaption></figure>')).toBe(
      '<p>Seen</p>',
    );
  });

  it('moves whatever does not fit the shape out of the figure, losing no text', () => {
    expect(sanitizeStoryHtml(`<figure>before${img}</figure>`)).toBe(`<p>before${img}</p>`);
    expect(sanitizeStoryHtml(`<figure>${img}${img}<figcaption>c</figcaption></figure>`)).toBe(`<figure>${img}</figure><p>${img}c</p>`);
    expect(sanitizeStoryHtml(`<figure>${img}<figcaption>one</figcaption><figcaption>two</figcaption></figure>`)).toBe(
      `<figure>${img}<figcaption>one</figcaption></figure><p>two</p>`,
    );
    expect(sanitizeStoryHtml(`<figure>${img}<figcaption>a<p>b</p></figcaption></figure>`)).toBe(
      `<figure>${img}<figcaption>a</figcaption></figure><p>b</p>`,
    );
    expect(sanitizeStoryHtml('<figcaption>stray</figcaption>')).toBe('<p>stray</p>');
    expect(sanitizeStoryHtml('<figure></figure><figure><figcaption> </figcaption></figure>')).toBe('');
  });

  it('closes a paragraph at a figure and drops an empty caption', () => {
    expect(sanitizeStoryHtml(`<p>a<figure>${img}<figcaption>  </figcaption></figure></p>`)).toBe(`<p>a</p><figure>${img}</figure><p></p>`);
  });

  it('is idempotent on figures in lists, quotes and tables', () => {
    for (const html of [
      `<ul><li><figure>${img}<figcaption>in a list</figcaption></figure></li></ul>`,
      `<blockquote><figure>${img}</figure></blockquote>`,
      `<table><tr><td><figure>${img}<figcaption>cell</figcaption></figure></td></tr></table>`,
    ]) {
      expect(sanitizeStoryHtml(html)).toBe(html);
    }
  });
});

// --- properties ----------------------------------------------------------------------------------

describe('sanitizeStoryHtml: properties', () => {
  it('is idempotent and safe for random HTML-ish input', () => {
    fc.assert(
      fc.property(htmlish, (input) => {
        expectSafeAndStable(input);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 1500) },
    );
  });

  it('is idempotent and safe for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme-ascii' }), (input) => {
        expectSafeAndStable(input);
      }),
      { numRuns: 500 },
    );
  });

  it('output is canonical: parse + serialise gives the same string', () => {
    fc.assert(
      fc.property(htmlish, (input) => {
        const out = sanitizeStoryHtml(input);
        expect(serializeNodes(parseDocument(out).children)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });

  it('never loses or adds words of well-formed inline text', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 30 }), (words) => {
        const html = `<p>${words.join(' ')}</p>`;
        expect(countWords(htmlToText(sanitizeStoryHtml(html)))).toBe(words.length);
      }),
      { numRuns: 200 },
    );
  });
});
