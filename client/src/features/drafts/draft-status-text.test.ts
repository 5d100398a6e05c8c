import { describe, expect, it } from 'vitest';
import { agoText, nextAnnouncement, statusAnnouncement, statusText } from './draft-status-text';

describe('the save status in words', () => {
  it('says how long ago the draft was saved, in steps a person can read', () => {
    const at = Date.UTC(2026, 10, 23, 14, 0, 0);
    expect(agoText(at, at + 2000)).toBe('just now');
    expect(agoText(at, at + 5000)).toBe('5 seconds ago');
    expect(agoText(at, at + 17_000)).toBe('15 seconds ago');
    expect(agoText(at, at + 60_000)).toBe('1 minute ago');
    expect(agoText(at, at + 7 * 60_000)).toBe('7 minutes ago');
    expect(agoText(at, at + 3 * 3600_000)).toMatch(/^at \d{1,2}:\d{2} (AM|PM)$/);
    expect(statusText({ kind: 'saved', at }, at + 5000)).toBe('Draft saved 5 seconds ago');
  });

  it('names every state as the issue words it', () => {
    expect(statusText({ kind: 'saving' }, 0)).toBe('Saving…');
    expect(statusText({ kind: 'offline' }, 0)).toBe('Offline — saved on this device');
    expect(statusText({ kind: 'retrying' }, 0)).toBe('Couldn’t save — retrying');
    expect(statusText({ kind: 'signed-out' }, 0)).toMatch(/signed out.*kept on this device/);
  });

  it('announces a change of state once, not every pause or tick', () => {
    expect(statusAnnouncement({ kind: 'saving' })).toBe('');
    expect(statusAnnouncement({ kind: 'saved', at: 1 })).toBe(statusAnnouncement({ kind: 'saved', at: 99_999 }));
    expect(statusAnnouncement({ kind: 'offline' })).toBe('Offline — saved on this device');
  });

  it('keeps the same words through each save, so "Draft saved" is read out once, and again only after a problem', () => {
    let said = '';
    const heard: string[] = [];
    for (const status of [
      { kind: 'saving' },
      { kind: 'saved', at: 1 },
      { kind: 'saving' },
      { kind: 'saved', at: 2 },
      { kind: 'offline' },
      { kind: 'saving' },
      { kind: 'saved', at: 3 },
    ] as const) {
      const next = nextAnnouncement(said, status);
      if (next !== said) heard.push(next);
      said = next;
    }
    expect(heard).toEqual(['Draft saved', 'Offline — saved on this device', 'Draft saved']);
  });
});
