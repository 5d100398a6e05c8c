// Keeps the write screen's text safe (issue #11): every change goes to the copy on the device at once, and to the
// server's draft on the autosave timer (autosave-timer.ts), on leaving the page (keepalive) and when the network
// comes back. It owns the draft's version numbers, so a save based on an old draft is refused by the server (409)
// and handed to the screen as a conflict instead of overwriting the other tab's text.
import { autosaveTimer, type AutosaveTimer } from './autosave-timer';
import type { DeviceDraft, DeviceDraftStore } from './device-drafts';
import { DraftSaveError, type DraftSaved, type SendDraft } from './draft-transport';
import { holdTabLock } from './tab-locks';

export interface DraftContent {
  title: string;
  text: string;
}

export type SaveStatus =
  /** Nothing typed since the screen opened. */
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  /** The network is down: the text is on the device and goes to the server when it returns. */
  | { kind: 'offline' }
  /** The server failed (or the network blinked): trying again shortly. */
  | { kind: 'retrying' }
  /** The server refused the text itself (too long, …): the next change tries again. */
  | { kind: 'rejected'; message: string }
  /** The session ended: the text stays on the device until the person signs in again. */
  | { kind: 'signed-out' }
  /** Another tab or device saved a newer draft: the screen asks which to keep. */
  | { kind: 'conflict' };

export interface DraftSyncOptions {
  username: string;
  /** This tab's id: its copy on the device is its own (device-drafts.ts). */
  tab: string;
  /** The copy of a closed tab this screen opened with: dropped once this tab's own copy replaces it. */
  adopted?: DeviceDraft | null;
  /**
   * The screen opened on a conflict (this device's words against a newer draft from elsewhere): the draft counter
   * this device's words started from. Until the person chooses (`resetTo`), the device copy keeps it, so that a
   * reload asks again instead of opening these words as in step with the other draft and saving over it unasked
   * (issue #26; docs/editor.md, "The model test").
   */
  choosingFrom?: number | null;
  store: DeviceDraftStore;
  send: SendDraft;
  /** The published story's version and the server's draft counter the screen opened with. */
  baseVersion: number;
  draftVersion: number;
  onStatus: (status: SaveStatus) => void;
  now?: () => number;
  /** navigator.onLine, replaceable in tests. */
  online?: () => boolean;
  idleMs?: number;
  maxWaitMs?: number;
  /** Waits between retries after a failure (ms), the last one repeating. */
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS = [2000, 4000, 8000, 15_000, 30_000] as const;

export class DraftSync {
  private readonly timer: AutosaveTimer;
  private readonly now: () => number;
  private readonly online: () => boolean;
  private readonly retryDelays: readonly number[];
  private read: (() => DraftContent) | null = null;
  /** The latest content (read lazily: serialising a long story on every keystroke would be wasteful). */
  private latest: DraftContent | null = null;
  /** What the server has acknowledged, to tell whether the device copy is in step. */
  private serverHas: DraftContent | null = null;
  private changedAt = 0;
  private deviceWriting: Promise<void> | null = null;
  private deviceDirty = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private paused = false;
  private stopped = false;
  private status: SaveStatus = { kind: 'idle' };
  private adopted: DeviceDraft | null;
  private choosingFrom: number | null;
  private releaseLock: (() => void) | null = null;
  baseVersion: number;
  draftVersion: number;

  constructor(private readonly options: DraftSyncOptions) {
    this.baseVersion = options.baseVersion;
    this.draftVersion = options.draftVersion;
    this.adopted = options.adopted ?? null;
    this.choosingFrom = options.choosingFrom ?? null;
    this.now = options.now ?? Date.now;
    this.online = options.online ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
    this.retryDelays = options.retryDelaysMs ?? RETRY_DELAYS;
    this.timer = autosaveTimer({ save: () => this.saveToServer(false), idleMs: options.idleMs, maxWaitMs: options.maxWaitMs });
  }

  /** The text changed: `read` gives the current title and text when they are needed. */
  changed(read: () => DraftContent): void {
    if (this.stopped) return;
    this.read = read;
    this.latest = null;
    this.changedAt = this.now();
    this.writeDevice();
    if (this.paused) return;
    // "All changes saved" stops being true at the first new keystroke (issue #26): the save is on its way.
    const kind = this.status.kind;
    if (kind === 'saved' || kind === 'idle' || kind === 'rejected') this.setStatus({ kind: 'saving' });
    this.timer.changed();
  }

  /** True while the latest change is neither on the device nor on the server (the leave-page prompt asks then). */
  unsafe(): boolean {
    return this.deviceDirty || this.deviceWriting !== null;
  }

  /** Whether the server has the latest text. */
  inStep(): boolean {
    return this.read === null || (this.serverHas !== null && same(this.serverHas, this.current()));
  }

  getStatus(): SaveStatus {
    return this.status;
  }

  /** Saves now (the page is being hidden or closed: keepalive lets the request outlive it). */
  async flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.paused || this.stopped) return;
    if (options.keepalive) {
      await this.saveToServer(true);
      return;
    }
    await this.timer.flush();
  }

  /** The network is back, or the person asked: try a waiting save now. */
  retryNow(): void {
    if (this.paused || this.stopped || this.inStep()) return;
    clearTimeout(this.retryTimer);
    this.timer.changed();
    void this.timer.flush();
  }

  /** "Keep this version" after a conflict: saves over the other version, knowingly. */
  async keepThisVersion(): Promise<void> {
    this.paused = false;
    await this.saveToServer(false, true);
  }

  /**
   * Starts over from other versions (the other tab's draft was chosen, a publish or a discard happened), with
   * the given content as what the server has.
   */
  resetTo(versions: { baseVersion: number; draftVersion: number }, content: DraftContent | null): void {
    clearTimeout(this.retryTimer);
    this.baseVersion = versions.baseVersion;
    this.draftVersion = versions.draftVersion;
    this.choosingFrom = null;
    this.serverHas = content;
    this.latest = content;
    this.read = content ? () => content : null;
    this.paused = false;
    this.failures = 0;
    this.setStatus({ kind: 'idle' });
  }

  /** The server now holds `content` as the draft (restored on opening): later saves start from it. */
  serverHolds(content: DraftContent): void {
    this.serverHas = content;
  }

  /** Autosave pauses (a conflict is on screen, or a publish is under way). */
  pause(): void {
    this.paused = true;
    clearTimeout(this.retryTimer);
  }

  resume(): void {
    this.paused = false;
    if (!this.inStep()) this.timer.changed();
  }

  stop(): void {
    this.stopped = true;
    this.timer.stop();
    clearTimeout(this.retryTimer);
    this.releaseLock?.();
    this.releaseLock = null;
  }

  /** The screen is open: holds the tab's lock (so other tabs leave its copy alone); also after stop() (StrictMode). */
  start(): void {
    this.releaseLock ??= holdTabLock(this.options.tab);
    if (!this.stopped) return;
    this.stopped = false;
    this.timer.start();
    if (!this.paused && !this.inStep()) this.timer.changed();
  }

  /** Drops this tab's copy on the device and the one it took over (published, discarded, or the other text chosen). */
  async forgetOnDevice(): Promise<void> {
    await this.deviceSettled();
    const { store, username, tab } = this.options;
    await Promise.all([store.delete(username, tab), this.adopted ? store.delete(username, this.adopted.tab) : undefined]).catch(
      () => undefined,
    );
    this.adopted = null;
  }

  private current(): DraftContent {
    this.latest ??= this.read ? this.read() : { title: '', text: '' };
    return this.latest;
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.options.onStatus(status);
  }

  /** One write at a time; changes during a write are coalesced into the next one. */
  private writeDevice(): void {
    this.deviceDirty = true;
    if (this.deviceWriting) return;
    this.deviceWriting = (async () => {
      while (this.deviceDirty && !this.stopped) {
        this.deviceDirty = false;
        const content = this.current();
        await this.options.store
          .put(this.record(content))
          .catch((error: unknown) => console.warn('Could not keep the copy on this device', error));
        // This tab's own copy now holds the newest text: the closed tab's copy it started from can go.
        if (this.adopted) {
          const { username, tab } = this.adopted;
          this.adopted = null;
          await this.options.store.delete(username, tab).catch(() => undefined);
        }
      }
    })().finally(() => {
      this.deviceWriting = null;
    });
  }

  /** Resolves once the device holds the latest change (tests; and before a logout drops it). */
  async deviceSettled(): Promise<void> {
    while (this.deviceWriting) await this.deviceWriting;
  }

  private record(content: DraftContent): DeviceDraft {
    return {
      username: this.options.username,
      tab: this.options.tab,
      title: content.title,
      text: content.text,
      base_version: this.baseVersion,
      draft_version: this.choosingFrom ?? this.draftVersion,
      changed_at: this.changedAt,
      synced: this.serverHas !== null && same(this.serverHas, content),
    };
  }

  private async saveToServer(keepalive: boolean, force = false): Promise<void> {
    if (this.stopped || this.read === null) return;
    const content = this.current();
    if (!force && this.serverHas !== null && same(this.serverHas, content)) {
      if (this.status.kind !== 'saved') this.setStatus({ kind: 'saved', at: this.now() });
      return;
    }
    clearTimeout(this.retryTimer);
    if (!keepalive && this.status.kind !== 'saving') this.setStatus({ kind: 'saving' });
    let saved: DraftSaved;
    try {
      saved = await this.options.send(
        { ...content, base_version: this.baseVersion, draft_version: this.draftVersion, ...(force ? { force: true } : {}) },
        { keepalive },
      );
    } catch (error) {
      this.failed(error);
      return;
    }
    this.failures = 0;
    this.draftVersion = saved.draft_version;
    this.serverHas = content;
    this.setStatus({ kind: 'saved', at: this.now() });
    // The device copy records that the server has it (and the new counter), unless typing went on meanwhile:
    // then the pending device write carries the newer text, still unsynced.
    if (this.current() === content) await this.options.store.put(this.record(content)).catch(() => undefined);
  }

  private failed(error: unknown): void {
    const code = error instanceof DraftSaveError ? error.code : 'NETWORK';
    if (code === 'CONFLICT') {
      this.pause();
      this.setStatus({ kind: 'conflict' });
      return;
    }
    if (code === 'UNAUTHORIZED') {
      this.pause();
      this.setStatus({ kind: 'signed-out' });
      return;
    }
    const status = error instanceof DraftSaveError ? error.httpStatus : undefined;
    if (status !== undefined && status >= 400 && status < 500 && code !== 'TOO_MANY_REQUESTS') {
      this.setStatus({ kind: 'rejected', message: (error as Error).message });
      return;
    }
    this.setStatus(code === 'NETWORK' && !this.online() ? { kind: 'offline' } : { kind: 'retrying' });
    const delay = this.retryDelays[Math.min(this.failures, this.retryDelays.length - 1)] ?? 30_000;
    this.failures++;
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }
}

function same(a: DraftContent, b: DraftContent): boolean {
  return a.title === b.title && a.text === b.text;
}
