import { describe, expect, it, vi } from 'vitest';
import { memoryDraftStore, type DeviceDraft } from './device-drafts';
import { DraftSaveError } from './draft-transport';
import { settleDeviceDraftBeforeLogout } from './logout-drafts';

const record = (over: Partial<DeviceDraft>): DeviceDraft => ({
  username: 'ana',
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
    expect(store.records.get('ana')?.text).toBe('<p>words</p>');
    // Another person's copy is never touched.
    expect(await settleDeviceDraftBeforeLogout('bo', store, send)).toBe('none');
  });
});
