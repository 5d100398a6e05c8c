/** Where each story starts: the author's page 1. */
export function storyPath(username: string, page = 1): string {
  return `/story/${encodeURIComponent(username)}/page/${page}`;
}

/** Only local paths are safe to return to after signing in (no '//evil.example' or 'https://...'). */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function loginPathReturningTo(location: string): string {
  return `/login?next=${encodeURIComponent(location)}`;
}
