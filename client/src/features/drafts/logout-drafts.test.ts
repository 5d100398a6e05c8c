import { describe, expect, it, vi } from 'vitest';
import { memoryDraftStore, type DeviceDraft } from './device-drafts';
import { DraftSaveError } from './draft-transport';
import { settleDeviceDraftBeforeLogout } from './logout-drafts';

const record = (over: Partial<DeviceDraft>): DeviceDraft => ({
  username: 'ana',
  tab: 't1',
  title: 'T',
  text: '<p>words</p>',
  base_version: 1,
  draft_version: 4,
  changed_at: 1,
  synced: false,
  ...over,
});

describe('signing out on a shared device', () => {
  it('drops a copy the server already has without a request', async () => {
    const store = memoryDraftStore();
    await store.put(record({ synced: true }));
    const send = vi.fn();
    expect(await settleDeviceDraftBeforeLogout('ana', store, send)).toBe('dropped');
    expect(send).not.toHaveBeenCalled();
    expect(store.records.size).toBe(0);
  });

  it('sends an unsynced copy first, and drops it once the server has it', async () => {
    const store = memoryDraftStore();
    await store.put(record({}));
    const send = vi.fn(async () => ({ draft_version: 5, saved_at: '' }));
    expect(await settleDeviceDraftBeforeLogout('ana', store, send)).toBe('dropped');
    expect(send).toHaveBeenCalledWith({ title: 'T', text: '<p>words</p>', base_version: 1, draft_version: 4 });
    expect(store.records.size).toBe(0);
  });

  it('keeps the copy when the server did not take it (offline, stale)', async () => {
    const store = memoryDraftStore();
    await store.put(record({}));
    const send = vi.fn(async () => {
      throw new DraftSaveError('NETWORK', 'Failed to fetch');
    });
    expect(await settleDeviceDraftBeforeLogout('ana', store, send)).toBe('kept');
    expect((await store.list('ana')).map((r) => r.text)).toEqual(['<p>words</p>']);
    // Another person's copy is never touched.
    expect(await settleDeviceDraftBeforeLogout('bo', store, send)).toBe('none');
  });

  it("settles every tab's copy: the ones the server took go, the refused one stays", async () => {
    const store = memoryDraftStore();
    await store.put(record({ tab: 'a', changed_at: 1, text: '<p>a</p>' }));
    await store.put(record({ tab: 'b', changed_at: 2, text: '<p>b</p>' }));
    await store.put(record({ tab: 'c', changed_at: 3, synced: true }));
    const sent: string[] = [];
    const send = vi.fn(async (input: { text: string }) => {
      sent.push(input.text);
      if (input.text === '<p>b</p>') throw new DraftSaveError('CONFLICT', 'stale', 409);
      return { draft_version: 5, saved_at: '' };
    });
    expect(await settleDeviceDraftBeforeLogout('ana', store, send)).toBe('kept');
    expect(sent).toEqual(['<p>a</p>', '<p>b</p>']);
    expect((await store.list('ana')).map((r) => r.tab)).toEqual(['b']);
  });
});
