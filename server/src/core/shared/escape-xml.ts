// Characters XML 1.0 does not allow; a sanitized story should have none, a book or a feed must never have one.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 does not allow (controls, unpaired surrogates). */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * Text for XML (the EPUB, the Atom feed, the sitemaps, and the print page, which is the EPUB's markup as HTML): an
 * element's content or a quoted attribute value. Unlike `escapeHtml` it drops what XML cannot hold, and writes `'`
 * as `&apos;`.
 */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch]};`);
}
