import { describe, expect, it } from 'vitest';
import type { DeviceDraft } from './device-drafts';
import { chooseOpening, offlineOpening, pickDeviceCopy } from './draft-opening';

const story = { title: 'Published', text: '<p>The published words.</p>', version: 3 };
const savedAt = '2026-11-23T10:00:00.000Z';
const device = (over: Partial<DeviceDraft>): DeviceDraft => ({
  username: 'ana',
  tab: 't0',
  title: 'Mine',
  text: '<p>Typed on this device.</p>',
  base_version: 3,
  draft_version: 9,
  changed_at: 1_700_000_000_000,
  synced: false,
  ...over,
});

describe('what the write screen opens with', () => {
  it('the published story when there is no draft anywhere, with no banner', () => {
    const o = chooseOpening(story, { draft_version: 9, draft: null }, undefined);
    expect(o).toMatchObject({ content: { title: 'Published', text: story.text }, restoredAt: null, baseVersion: 3, draftVersion: 9 });
    expect(o.conflict).toBeNull();
  });

  it("the server's draft, with the banner's time, when there is one", () => {
    const draft = { title: 'Draft', text: '<p>Unpublished.</p>', base_version: 3, saved_at: savedAt };
    const o = chooseOpening(story, { draft_version: 10, draft }, device({ synced: true, draft_version: 10 }));
    expect(o).toMatchObject({ content: { title: 'Draft' }, restoredAt: Date.parse(savedAt), draftVersion: 10, unsynced: false });
  });

  it('the device copy the server never got (a crash, offline, a session that ended), to be saved at once', () => {
    const o = chooseOpening(story, { draft_version: 9, draft: null }, device({}));
    expect(o).toMatchObject({ content: { title: 'Mine' }, restoredAt: 1_700_000_000_000, unsynced: true, draftVersion: 9 });
    expect(o.conflict).toBeNull();
  });

  it("the server's draft when it moved on with the same words (a keepalive save whose answer was lost)", () => {
    const draft = { title: 'Mine', text: '<p>Typed on <b>this</b> device.</p>', base_version: 3, saved_at: savedAt };
    const o = chooseOpening(story, { draft_version: 10, draft }, device({}));
    expect(o).toMatchObject({ content: { text: draft.text }, unsynced: false, conflict: null, draftVersion: 10 });
  });

  it('a conflict, keeping both, when the server moved on with other words', () => {
    const draft = { title: 'Other tab', text: '<p>Other words.</p>', base_version: 3, saved_at: savedAt };
    const o = chooseOpening(story, { draft_version: 12, draft }, device({}));
    expect(o.content).toEqual({ title: 'Mine', text: '<p>Typed on this device.</p>' });
    expect(o.conflict).toEqual({ title: 'Other tab', text: '<p>Other words.</p>' });
    expect(o.draftVersion).toBe(12);
  });

  it('offline (no answer from the server): the device copy, saved when the network returns unless the server had it', () => {
    expect(offlineOpening(device({}))).toMatchObject({
      content: { title: 'Mine' },
      draftVersion: 9,
      baseVersion: 3,
      unsynced: true,
      serverHas: null,
    });
    expect(offlineOpening(device({ synced: true }))).toMatchObject({ unsynced: false, serverHas: { title: 'Mine' } });
  });
});

describe('which copy on the device the editor takes', () => {
  it("the newest unsaved copy of a closed tab; never an open tab's; copies the server has are dropped", () => {
    const a = device({ tab: 'a', changed_at: 10, synced: true });
    const b = device({ tab: 'b', changed_at: 20 });
    const c = device({ tab: 'c', changed_at: 30 });
    const d = device({ tab: 'd', changed_at: 40, synced: true });
    expect(pickDeviceCopy([a, b, c, d], new Set(['c']))).toEqual({ chosen: b, stale: [d, a] });
    expect(pickDeviceCopy([a, d], new Set())).toEqual({ chosen: d, stale: [a] });
    expect(pickDeviceCopy([c], new Set(['c']))).toEqual({ chosen: undefined, stale: [] });
  });
});
