const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML: an element's content or a quoted attribute value (emails, a rendered page's head). XML (books,
 * feeds, sitemaps) takes `escapeXml` from escape-xml.ts.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
