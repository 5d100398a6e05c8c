/**
 * URL checks for story links and images.
 *
 * Attribute values arrive entity-decoded from the parser. Each value is first reduced to what a
 * browser would actually use, and its scheme is read with invisible characters removed, so that
 * schemes smuggled in with tabs, controls or zero-width characters (`java&#9;script:`) are
 * still recognised and refused.
 */

/** Characters browsers strip or ignore inside URLs, used to smuggle schemes. */
const URL_INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each of these is stripped on its own, combining ones included.
  /[\u0000-\u0020\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]+/g;
const URL_TAB_NEWLINE = /[\t\n\r]+/g;
const URL_CONTROL = /[\u0000-\u001f\u007f]/;

/** Longest accepted URL; longer values (never legitimate links or sources) are dropped. */
const MAX_URL_LENGTH = 8192;

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/** What a browser would use as the URL: tabs/newlines removed, edge spaces/controls trimmed. */
function browserUrl(value: string): string {
  const v = value.replace(URL_TAB_NEWLINE, '');
  let start = 0;
  let end = v.length;
  while (start < end && v.charCodeAt(start) <= 0x20) start++;
  while (end > start && v.charCodeAt(end - 1) <= 0x20) end--;
  return v.slice(start, end);
}

/** Common rejections: empty, too long, control characters, raw `<`, `>` or `"`. */
function unusableUrl(url: string): boolean {
  return url === '' || url.length > MAX_URL_LENGTH || URL_CONTROL.test(url) || /[<>"]/.test(url);
}

/** The scheme a browser might see, lower-cased, or null for a scheme-less (relative) URL. */
function urlScheme(value: string): string | null {
  const compact = value.replace(URL_INVISIBLE, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return m ? m[1]!.toLowerCase() : null;
}

/** Safe `<a href>` value or null: http(s), mailto, relative, protocol-relative. */
export function safeLinkHref(value: string): string | null {
  const url = browserUrl(value);
  if (unusableUrl(url)) return null;
  const scheme = urlScheme(url);
  if (scheme !== null && !LINK_SCHEMES.has(scheme)) return null;
  // A ':' before any '/', '?' or '#' that was not recognised as a scheme (e.g. "1:x",
  // ":x") is ambiguous; refuse it rather than guess how a browser resolves it.
  if (scheme === null) {
    const colon = url.indexOf(':');
    if (colon >= 0 && !/[/?#]/.test(url.slice(0, colon))) return null;
  }
  return url;
}

/** An uploaded original as the media route serves it: `/media/<32 hex>.jpg|png` (or the old `/public/uploads/` path). */
const OWN_MEDIA_SRC = /^\/(?:media|public\/uploads)\/([a-f0-9]{32}\.(?:jpg|png))$/;

/**
 * Safe `<img src>` value or null: only an upload of ours, always as `/media/<name>` (docs/decisions/0016-photos.md).
 * Any other host is dropped: a remote image is a tracking pixel for every reader.
 */
export function safeImageSrc(value: string): string | null {
  const url = browserUrl(value);
  if (unusableUrl(url)) return null;
  const name = OWN_MEDIA_SRC.exec(url)?.[1];
  return name ? `/media/${name}` : null;
}

/** The upload's name in a sanitised `<img src>` (always `/media/<name>`), or null. */
export function mediaNameOf(src: string): string | null {
  return OWN_MEDIA_SRC.exec(src)?.[1] ?? null;
}
