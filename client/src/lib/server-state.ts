// The query cache a server-rendered page was made from (<script id="ssr-state"> in index.html, written by
// server/src/transport/http/server-render.ts), put back before hydration so the screens render exactly what
// the server did and ask for nothing again (docs/decisions/0017-server-rendering.md).
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { signedOut } from '../state/session';
import { SERVER_STATE_ID } from './server-state-id';
import { putBackRenderedText } from './story-text-once';

/** Fills the cache from the page's state; false when the page came as the shell (nothing to hydrate). */
export function hydrateServerState(queryClient: QueryClient, doc: Document = document): boolean {
  const script = doc.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return false;
  let state: DehydratedState;
  try {
    // The story's text is in the markup only (lib/story-text-once.ts).
    state = putBackRenderedText(JSON.parse(script.textContent) as DehydratedState, doc);
  } catch {
    return false;
  }
  // The server only sends a page (rendered now or kept) whose data is current, so it counts as fetched now:
  // its own clock is not the browser's, and a kept page's render time would make it look stale at once.
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
  // The server renders for a reader who is not signed in (it sends the shell to anyone with a session), so a
  // person remembered in this tab from an ended session is not one any more, before the first render.
  signedOut();
  return true;
}
