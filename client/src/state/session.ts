// The signed-in person, in a valtio store mirrored to sessionStorage['user'] as the login body
// ({ user_info: {...} }), so a reload keeps the session's screens without a round trip.
import { proxy, subscribe, useSnapshot } from 'valtio';
import type { SessionUser } from '#contract/accounts';

const KEY = 'user';

function isSessionUser(v: unknown): v is SessionUser {
  const info = (v as SessionUser | null)?.user_info;
  return typeof info === 'object' && info !== null && typeof info.username === 'string';
}

function readStored(): SessionUser | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const session = proxy<{ user: SessionUser | null }>({ user: readStored() });

subscribe(session, () => {
  try {
    if (session.user) sessionStorage.setItem(KEY, JSON.stringify(session.user));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be full or disabled; the in-memory session still works for this tab.
  }
});

export function signedIn(user: SessionUser): void {
  session.user = user;
}

export function signedOut(): void {
  if (session.user) session.user = null;
}

/** Keeps the stored copy in step after a profile edit or a picture change. */
export function updateSessionUser(patch: Partial<SessionUser['user_info']>): void {
  if (session.user) session.user = { user_info: { ...session.user.user_info, ...patch } };
}

/** The signed-in person's username, or null; re-renders when it changes. */
export function useSessionUser(): SessionUser['user_info'] | null {
  return useSnapshot(session).user?.user_info ?? null;
}
