// What a writer types into the link prompt, made into a URL the server will keep (it drops
// anything else, so refusing here tells the writer instead of losing the link silently on save).

/** http(s) or mailto; a bare address ('example.org/page', 'ana@example.org') gets its scheme. Else null. */
export function linkUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(value)) return value;
  if (/^[^@\s/:]+@[^@\s/:]+\.[^@\s/:]+$/.test(value)) return `mailto:${value}`;
  if (/^https?:\/\//i.test(value)) return validHttp(value);
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (/^[^./][^/]*\.[a-z]{2,}(?:[/?#]|$)/i.test(value)) return validHttp(`https://${value}`);
  return null;
}

function validHttp(value: string): string | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? value : null;
  } catch {
    return null;
  }
}
