// The copy on the device (issue #11): the write screen keeps the person's latest title and text in IndexedDB,
// so a crash, a dead network or an expired session never loses what they typed. One record per person and tab:
// two tabs in a conflict each keep their own text on the device, and a reopened editor takes the newest copy of a
// tab that is gone (tabs hold a Web Lock while open, see tab-locks.ts). The record says whether the server has
// this text yet (`synced`), so a logout on a shared device drops it only once the server has it.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface DeviceDraft {
  /** Whose draft: the signed-in username. */
  username: string;
  /** Which tab wrote it (random per opened write screen). */
  tab: string;
  title: string;
  /** The editor's HTML. */
  text: string;
  /** The published story's version this text started from. */
  base_version: number;
  /** The server's draft counter last seen by this tab (drafts.get, or its own last save). */
  draft_version: number;
  /** When the person last changed it (ms since the epoch, this device's clock). */
  changed_at: number;
  /** True once the server acknowledged exactly this title and text. */
  synced: boolean;
}

/** Where device drafts live: IndexedDB in the browser, a Map in unit tests (fake-indexeddb is not installed). */
export interface DeviceDraftStore {
  /** Every tab's copy for the person. */
  list(username: string): Promise<DeviceDraft[]>;
  put(draft: DeviceDraft): Promise<void>;
  delete(username: string, tab: string): Promise<void>;
}

interface DraftsDb extends DBSchema {
  drafts: { key: [string, string]; value: DeviceDraft; indexes: { username: string } };
}

const DB_NAME = 'life-story';
const STORE = 'drafts';

/** The IndexedDB store; opened lazily once per page. */
export function indexedDbDraftStore(): DeviceDraftStore {
  let db: Promise<IDBPDatabase<DraftsDb>> | null = null;
  const open = () => {
    db ??= openDB<DraftsDb>(DB_NAME, 2, {
      upgrade(database, oldVersion) {
        // Version 1 (never released) kept one record per person.
        if (oldVersion === 1) database.deleteObjectStore(STORE as never);
        const store = database.createObjectStore(STORE, { keyPath: ['username', 'tab'] });
        store.createIndex('username', 'username');
      },
    });
    return db;
  };
  return {
    list: async (username) => (await open()).getAllFromIndex(STORE, 'username', username),
    put: async (draft) => {
      await (await open()).put(STORE, draft);
    },
    delete: async (username, tab) => (await open()).delete(STORE, [username, tab]),
  };
}

/** An in-memory store: unit tests, and browsers where IndexedDB is off (the page still autosaves to the server). */
export function memoryDraftStore(): DeviceDraftStore & { records: Map<string, DeviceDraft> } {
  const records = new Map<string, DeviceDraft>();
  const key = (username: string, tab: string) => `${username}\n${tab}`;
  return {
    records,
    list: async (username) => [...records.values()].filter((r) => r.username === username).map((r) => ({ ...r })),
    put: async (draft) => {
      records.set(key(draft.username, draft.tab), { ...draft });
    },
    delete: async (username, tab) => {
      records.delete(key(username, tab));
    },
  };
}

/** IndexedDB when the browser has it, else memory (so the screen works, without the crash protection). */
function defaultStore(): DeviceDraftStore {
  if (typeof indexedDB === 'undefined') return memoryDraftStore();
  const idb = indexedDbDraftStore();
  const fallback = memoryDraftStore();
  // A browser may refuse IndexedDB (private windows of some browsers, full disks): fall back, never throw.
  const guarded =
    <A extends unknown[], R>(op: (...args: A) => Promise<R>, alt: (...args: A) => Promise<R>) =>
    (...args: A) =>
      op(...args).catch((error: unknown) => {
        console.warn('The copy on this device could not be used', error);
        return alt(...args);
      });
  return { list: guarded(idb.list, fallback.list), put: guarded(idb.put, fallback.put), delete: guarded(idb.delete, fallback.delete) };
}

let store: DeviceDraftStore | null = null;

/** The page's store (tests replace it with setDeviceDraftStore). */
export function deviceDrafts(): DeviceDraftStore {
  store ??= defaultStore();
  return store;
}

/** Swaps the store (unit tests); returns the previous one. */
export function setDeviceDraftStore(next: DeviceDraftStore): DeviceDraftStore | null {
  const previous = store;
  store = next;
  return previous;
}
