import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { statusText as inWords } from './draft-status-text';

const intl = createIntl({ locale: 'en' });
const statusText = (status: Parameters<typeof inWords>[0]) => inWords(status, intl);

describe('the save status in words', () => {
  it('names every state in words that are true and reassuring (issue #26)', () => {
    expect(statusText({ kind: 'idle' })).toBe('');
    expect(statusText({ kind: 'saving' })).toBe('Saving…');
    expect(statusText({ kind: 'saved', at: 1 })).toBe('All changes saved');
    expect(statusText({ kind: 'offline' })).toBe('Saved on this device: will send when online');
    expect(statusText({ kind: 'retrying' })).toBe('Saved on this device: trying again to send it');
    expect(statusText({ kind: 'signed-out' })).toMatch(/signed out.*kept on this device/);
    expect(statusText({ kind: 'rejected', message: 'The story is too long.' })).toBe('Couldn’t save the draft: The story is too long.');
  });

  it('never counts time: no "saved 10 seconds ago"', () => {
    expect(statusText({ kind: 'saved', at: 0 })).toBe(statusText({ kind: 'saved', at: 99_999_999 }));
  });
});
