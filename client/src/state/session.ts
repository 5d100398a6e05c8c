// The signed-in person, in a small store mirrored to sessionStorage['user'] as the login body
// ({ user_info: {...} }), so a reload keeps the session's screens without a round trip. React reads it through
// useSyncExternalStore (a state library here was ~2.5 KB of the reader's script: docs/decisions/0038-lighter-reader-pages.md).
import { useSyncExternalStore } from 'react';
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

let user: SessionUser | null = readStored();
const listeners = new Set<() => void>();

/** The current session, read-only: change it with signedIn, signedOut and updateSessionUser. */
export const session: { readonly user: SessionUser | null } = {
  get user() {
    return user;
  },
};

function change(next: SessionUser | null): void {
  user = next;
  try {
    if (user) sessionStorage.setItem(KEY, JSON.stringify(user));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be full or disabled; the in-memory session still works for this tab.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => user;

export function signedIn(next: SessionUser): void {
  change(next);
}

export function signedOut(): void {
  if (user) change(null);
}

/** Keeps the stored copy in step after a profile edit or a picture change. */
export function updateSessionUser(patch: Partial<SessionUser['user_info']>): void {
  if (user) change({ user_info: { ...user.user_info, ...patch } });
}

/** The signed-in person's username, or null; re-renders when it changes. */
export function useSessionUser(): SessionUser['user_info'] | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot)?.user_info ?? null;
}
