// Which write screens are open right now, across tabs: each holds a Web Lock named for its tab while it is open;
// the browser releases it when the tab closes or crashes. A copy on the device from a tab that holds no lock is
// one nobody is editing any more, so a newly opened editor may take it over (device-drafts.ts).
const PREFIX = 'life-story-write-tab:';

export function newTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Holds the tab's lock until the returned function is called. */
export function holdTabLock(tab: string): () => void {
  if (typeof navigator === 'undefined' || !navigator.locks) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void navigator.locks.request(PREFIX + tab, () => held).catch(() => undefined);
  return release;
}

/** The tabs whose write screen is open now (empty where Web Locks are missing: then every copy counts as left). */
export async function openTabs(): Promise<Set<string>> {
  if (typeof navigator === 'undefined' || !navigator.locks) return new Set();
  const state = await navigator.locks.query().catch(() => ({ held: [] as LockInfo[] }));
  return new Set(
    (state.held ?? [])
      .map((l) => l.name ?? '')
      .filter((n) => n.startsWith(PREFIX))
      .map((n) => n.slice(PREFIX.length)),
  );
}
