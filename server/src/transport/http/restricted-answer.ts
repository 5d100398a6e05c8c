// Headers of an answer that shows a story not for everyone (docs/decisions/0026-who-can-read-a-story.md): no shared
// cache may keep it, and a `link` story is not indexed. A refusal gets none of them: it looks like no story.
import type { Audience } from '../../contract/access';

export function markRestrictedAnswer(headers: Headers, audience: Audience): void {
  if (audience === 'everyone') return;
  headers.set('cache-control', 'private, no-store');
  if (audience === 'link') headers.set('x-robots-tag', 'noindex');
}
