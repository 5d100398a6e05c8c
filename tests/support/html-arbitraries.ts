// Random HTML-ish input for property tests of the story sanitiser: allowed and forbidden tags, hostile
// attribute values, stray markup characters, entities and arbitrary text, unbalanced on purpose.
import fc from 'fast-check';

const TAGS = ['p', 'em', 'strong', 'a', 'img', 'br', 'hr', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th',
  'blockquote', 'pre', 'code', 'h1', 'h3', 'div', 'span', 'script', 'style', 'svg', 'math', 'iframe', 'noscript',
  'textarea', 'title', 'select', 'option', 'template', 'xmp', 'b', 'i', 'sub', 'input', 'form', 'object'];
const ATTRS = ['href', 'src', 'onclick', 'onerror', 'style', 'class', 'title', 'alt', 'start', 'colspan', 'align', 'rel', 'target', 'srcset'];
const VALUES = ['javascript:alert(1)', 'https://x.example/a', '/media/a.png', '/public/uploads/b.jpg', '//evil', 'data:x',
  'jav&#x09;ascript:x', '"><script>alert(1)</script>', '3', 'left', '', 'x y', '&quot;', '`', '\u0000'];

export const htmlish = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...TAGS), fc.array(fc.tuple(fc.constantFrom(...ATTRS), fc.constantFrom(...VALUES)), { maxLength: 3 }), fc.boolean())
        .map(([tag, attrs, quote]) => `<${tag}${attrs.map(([a, v]) => (quote ? ` ${a}="${v}"` : ` ${a}=${v}`)).join('')}>`),
      fc.constantFrom(...TAGS).map((t) => `</${t}>`),
      fc.constantFrom('text', 'two words', 'end.', ' ', '\n', '\n\n', '&amp;', '&lt;', '&nbsp;', '&', '<', '>', '"', '<!--', '-->', '<![CDATA[', ']]>', '<!DOCTYPE html>', '</', '/>', '=', 'é'),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));
