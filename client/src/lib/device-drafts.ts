// The copy on the device (issue #11): the write screen keeps the person's latest title and text in IndexedDB,
// one record per person, so a crash, a dead network or an expired session never loses what they typed.
// The record says whether the server has this text yet (`synced`), so a logout on a shared device can drop
// it only once the server has it, and reopening the editor can tell a newer local copy from an old one.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface DeviceDraft {
  /** Whose draft: the signed-in username (the key). */
  username: string;
  title: string;
  /** The editor's HTML. */
  text: string;
  /** The published story's version this text started from. */
  base_version: number;
  /** The server's draft counter last seen by this device (drafts.get, or our own last save). */
  draft_version: number;
  /** When the person last changed it (ms since the epoch, this device's clock). */
  changed_at: number;
  /** True once the server acknowledged exactly this title and text. */
  synced: boolean;
}

/** Where device drafts live: IndexedDB in the browser, a Map in unit tests (fake-indexeddb is not installed). */
export interface DeviceDraftStore {
  get(username: string): Promise<DeviceDraft | undefined>;
  put(draft: DeviceDraft): Promise<void>;
  delete(username: string): Promise<void>;
}

interface DraftsDb extends DBSchema {
  drafts: { key: string; value: DeviceDraft };
}

const DB_NAME = 'life-story';
const STORE = 'drafts';

/** The IndexedDB store; opened lazily once per page. */
export function indexedDbDraftStore(): DeviceDraftStore {
  let db: Promise<IDBPDatabase<DraftsDb>> | null = null;
  const open = () => {
    db ??= openDB<DraftsDb>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'username' });
      },
    });
    return db;
  };
  return {
    get: async (username) => (await open()).get(STORE, username),
    put: async (draft) => {
      await (await open()).put(STORE, draft);
    },
    delete: async (username) => (await open()).delete(STORE, username),
  };
}

/** An in-memory store: unit tests, and browsers where IndexedDB is off (the page still autosaves to the server). */
export function memoryDraftStore(): DeviceDraftStore & { records: Map<string, DeviceDraft> } {
  const records = new Map<string, DeviceDraft>();
  return {
    records,
    get: async (username) => {
      const found = records.get(username);
      return found && { ...found };
    },
    put: async (draft) => {
      records.set(draft.username, { ...draft });
    },
    delete: async (username) => {
      records.delete(username);
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
  return { get: guarded(idb.get, fallback.get), put: guarded(idb.put, fallback.put), delete: guarded(idb.delete, fallback.delete) };
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
