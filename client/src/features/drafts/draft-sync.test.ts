import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autosaveTimer } from './autosave-timer';
import { memoryDraftStore } from './device-drafts';
import { DraftSaveError, type DraftInput, type DraftSaved } from './draft-transport';
import { DraftSync, type SaveStatus } from './draft-sync';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending promises (the fake server's answers, device writes) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the autosave timer', () => {
  it('saves 1.5 s after typing stops, and at least every 10 s while typing goes on', async () => {
    const saves: number[] = [];
    const timer = autosaveTimer({ save: async () => void saves.push(Date.now()) });
    const start = Date.now();
    timer.changed();
    await vi.advanceTimersByTimeAsync(1499);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([start + 1500]);

    // A keystroke every second for 25 s: the quiet time never comes, the 10 s limit saves anyway.
    saves.length = 0;
    const typingFrom = Date.now();
    for (let i = 0; i < 25; i++) {
      timer.changed();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(saves.map((t) => t - typingFrom)).toEqual([10_000, 20_000]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(saves).toHaveLength(3);
    timer.stop();
  });

  it('runs one save at a time: a change during a save is saved after it, not alongside', async () => {
    let inFlight = 0;
    let most = 0;
    let count = 0;
    const timer = autosaveTimer({
      save: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        count++;
        await new Promise((r) => setTimeout(r, 3000));
        inFlight--;
      },
    });
    timer.changed();
    await vi.advanceTimersByTimeAsync(1500); // the save starts and takes 3 s
    timer.changed();
    await vi.advanceTimersByTimeAsync(1500); // its quiet time ends while the first save still runs
    const flushed = timer.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    await flushed;
    expect(most).toBe(1);
    expect(count).toBe(2);
    expect(timer.pending()).toBe(false);
  });
});

function fakeSend() {
  const calls: Array<{ input: DraftInput; keepalive: boolean }> = [];
  let version = 0;
  let next: ((input: DraftInput) => DraftSaved | Error) | null = null;
  const send = vi.fn(async (input: DraftInput, options?: { keepalive?: boolean }) => {
    calls.push({ input, keepalive: options?.keepalive === true });
    const answer = next?.(input);
    if (answer instanceof Error) throw answer;
    if (answer) return answer;
    version = input.draft_version + 1;
    return { draft_version: version, saved_at: new Date().toISOString() };
  });
  return {
    send,
    calls,
    answerWith: (fn: ((input: DraftInput) => DraftSaved | Error) | null) => {
      next = fn;
    },
  };
}

/** The one copy on the device (tests with one tab). */
function only(store: ReturnType<typeof memoryDraftStore>) {
  expect(store.records.size).toBe(1);
  return [...store.records.values()][0];
}

function makeSync(overrides: Partial<ConstructorParameters<typeof DraftSync>[0]> = {}) {
  const store = memoryDraftStore();
  const server = fakeSend();
  const statuses: SaveStatus[] = [];
  let online = true;
  const sync = new DraftSync({
    username: 'ana',
    tab: 't1',
    store,
    send: server.send,
    baseVersion: 2,
    draftVersion: 7,
    onStatus: (s) => statuses.push(s),
    online: () => online,
    ...overrides,
  });
  return {
    sync,
    store,
    server,
    statuses,
    kinds: () => statuses.map((s) => s.kind),
    setOnline: (v: boolean) => {
      online = v;
    },
  };
}

describe('draft sync', () => {
  it('keeps every change on the device at once, and sends the draft with its versions after the quiet time', async () => {
    const { sync, store, server, kinds } = makeSync();
    sync.changed(() => ({ title: 'My life', text: '<p>Once</p>' }));
    await sync.deviceSettled();
    expect(only(store)).toMatchObject({ title: 'My life', text: '<p>Once</p>', synced: false, draft_version: 7 });
    expect(sync.unsafe()).toBe(false);
    expect(server.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls).toEqual([
      { input: { title: 'My life', text: '<p>Once</p>', base_version: 2, draft_version: 7 }, keepalive: false },
    ]);
    expect(kinds()).toEqual(['saving', 'saved']);
    expect(only(store)).toMatchObject({ synced: true, draft_version: 8 });

    // The next save carries the counter the server returned.
    sync.changed(() => ({ title: 'My life', text: '<p>Once upon</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls[1]?.input.draft_version).toBe(8);
    sync.stop();
  });

  it('says "saving" at the first keystroke after a save, so "saved" never sits beside unsaved words (issue #26)', async () => {
    const { sync, kinds } = makeSync();
    sync.changed(() => ({ title: 'T', text: '<p>a</p>' }));
    expect(kinds()).toEqual(['saving']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(kinds()).toEqual(['saving', 'saved']);
    sync.changed(() => ({ title: 'T', text: '<p>ab</p>' }));
    expect(kinds()).toEqual(['saving', 'saved', 'saving']);
    sync.changed(() => ({ title: 'T', text: '<p>abc</p>' }));
    expect(kinds()).toEqual(['saving', 'saved', 'saving']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(kinds()).toEqual(['saving', 'saved', 'saving', 'saved']);
    sync.stop();
  });

  it('sends a keepalive save when the page is hidden, and nothing when the server already has the text', async () => {
    const { sync, server } = makeSync();
    sync.changed(() => ({ title: 'T', text: '<p>a</p>' }));
    await sync.flush({ keepalive: true });
    expect(server.calls).toEqual([{ input: { title: 'T', text: '<p>a</p>', base_version: 2, draft_version: 7 }, keepalive: true }]);
    await sync.flush({ keepalive: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
    sync.stop();
  });

  it('offline: says so, keeps the text on the device, and saves when the network returns', async () => {
    const { sync, store, server, statuses, setOnline } = makeSync();
    setOnline(false);
    server.answerWith(() => new DraftSaveError('NETWORK', 'Failed to fetch'));
    sync.changed(() => ({ title: 'T', text: '<p>offline words</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toEqual({ kind: 'offline' });
    expect(only(store)).toMatchObject({ text: '<p>offline words</p>', synced: false });

    setOnline(true);
    server.answerWith(null);
    sync.retryNow();
    await settle();
    expect(statuses.at(-1)?.kind).toBe('saved');
    expect(server.calls.at(-1)?.input.text).toBe('<p>offline words</p>');
    expect(only(store)).toMatchObject({ synced: true });
    sync.stop();
  });

  it('a failing server: "retrying", then tries again by itself with growing waits', async () => {
    const { sync, server, statuses } = makeSync({ retryDelaysMs: [2000, 4000] });
    server.answerWith(() => new DraftSaveError('INTERNAL_SERVER_ERROR', 'boom', 500));
    sync.changed(() => ({ title: 'T', text: '<p>x</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toEqual({ kind: 'retrying' });
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(2);
    server.answerWith(null);
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);
    expect(statuses.at(-1)?.kind).toBe('saved');
    sync.stop();
  });

  it('a stale draft (409) pauses autosave as a conflict; "Keep this version" saves with force', async () => {
    const { sync, server, statuses } = makeSync();
    server.answerWith(() => new DraftSaveError('CONFLICT', 'This draft was changed in another tab or on another device.', 409));
    sync.changed(() => ({ title: 'T', text: '<p>mine</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toEqual({ kind: 'conflict' });
    sync.changed(() => ({ title: 'T', text: '<p>mine, more</p>' }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.calls).toHaveLength(1);

    server.answerWith(() => ({ draft_version: 12, saved_at: new Date().toISOString() }));
    await sync.keepThisVersion();
    expect(server.calls.at(-1)?.input).toEqual({ title: 'T', text: '<p>mine, more</p>', base_version: 2, draft_version: 7, force: true });
    expect(sync.draftVersion).toBe(12);
    expect(statuses.at(-1)?.kind).toBe('saved');
    sync.stop();
  });

  it('a session that ended: signed out, the text stays on the device unsynced, no more requests', async () => {
    const { sync, store, server, statuses } = makeSync();
    server.answerWith(() => new DraftSaveError('UNAUTHORIZED', 'You must be signed in.', 401));
    sync.changed(() => ({ title: 'T', text: '<p>late</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toEqual({ kind: 'signed-out' });
    sync.changed(() => ({ title: 'T', text: '<p>later</p>' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(only(store)).toMatchObject({ text: '<p>later</p>', synced: false });
    sync.stop();
  });

  it('text the server refuses (400) says why and waits for the next change', async () => {
    const { sync, server, statuses } = makeSync();
    server.answerWith(() => new DraftSaveError('BAD_REQUEST', 'The story is too long.', 400));
    sync.changed(() => ({ title: 'T', text: '<p>long</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toEqual({ kind: 'rejected', message: 'The story is too long.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    sync.stop();
  });
});

describe('a conflict on opening', () => {
  it('keeps the device copy on the counter its words started from until the person chooses (a reload asks again)', async () => {
    // Opened on a conflict: this device's words were based on draft 4, the server's draft is 7 (another device).
    const { sync, store, server } = makeSync({ choosingFrom: 4 });
    sync.pause();
    sync.changed(() => ({ title: 'My life', text: '<p>Mine, typed while the question shows</p>' }));
    await sync.deviceSettled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(0);
    expect(only(store)).toMatchObject({ draft_version: 4, synced: false });

    // "Keep this version": from then on the copy follows the server's counter.
    sync.resetTo({ baseVersion: 2, draftVersion: 7 }, { title: 'My life', text: '<p>Theirs</p>' });
    sync.changed(() => ({ title: 'My life', text: '<p>Mine, typed while the question shows</p>' }));
    await sync.keepThisVersion();
    await sync.deviceSettled();
    expect(server.calls.at(-1)?.input.draft_version).toBe(7);
    expect(only(store)).toMatchObject({ draft_version: 8, synced: true });
  });
});

describe('draft sync under StrictMode', () => {
  it('goes on after stop() and start() (mount, unmount, mount), saving a change made in between', async () => {
    const { sync, server } = makeSync();
    sync.stop();
    sync.start();
    sync.changed(() => ({ title: 'T', text: '<p>after remount</p>' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls.map((c) => c.input.text)).toEqual(['<p>after remount</p>']);
    sync.stop();
  });
});

describe('copies on the device, one per tab', () => {
  it("keeps each tab's text apart, and drops a closed tab's copy once this tab has its own", async () => {
    const store = memoryDraftStore();
    const closed = {
      username: 'ana',
      tab: 'gone',
      title: 'T',
      text: '<p>from a closed tab</p>',
      base_version: 2,
      draft_version: 7,
      changed_at: 1,
      synced: false,
    };
    await store.put(closed);
    await store.put({ ...closed, tab: 'other-open-tab', text: '<p>another tab</p>' });
    const { sync } = makeSync({ store, adopted: closed });
    sync.changed(() => ({ title: 'T', text: '<p>from a closed tab, and more</p>' }));
    await sync.deviceSettled();
    expect([...store.records.values()].map((r) => [r.tab, r.text]).sort()).toEqual([
      ['other-open-tab', '<p>another tab</p>'],
      ['t1', '<p>from a closed tab, and more</p>'],
    ]);
    await sync.forgetOnDevice();
    expect([...store.records.values()].map((r) => r.tab)).toEqual(['other-open-tab']);
    sync.stop();
  });
});
