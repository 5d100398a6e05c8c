// Which revisions are kept (revision-policy.ts): all of the last 30 days, the last of each day for a year, the last
// of each month beyond, and the newest always.
import { describe, expect, it } from 'vitest';
import { revisionsToThin } from './revision-policy';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 12);

describe('revisionsToThin', () => {
  it('keeps the last 30 days whole, then one a day, then one a month', () => {
    const at = (daysAgo: number, hour = 0) => now - daysAgo * DAY + hour * 60 * 60 * 1000;
    const revisions = [
      { id: 1, published_at: Date.UTC(2024, 2, 3) }, // March 2024: two, the later kept
      { id: 2, published_at: Date.UTC(2024, 2, 20) },
      { id: 3, published_at: Date.UTC(2024, 3, 1) }, // April 2024: alone, kept
      { id: 4, published_at: at(100, -3) }, // 100 days ago, three times: the last kept
      { id: 5, published_at: at(100, -2) },
      { id: 6, published_at: at(100, -1) },
      { id: 7, published_at: at(99) },
      { id: 8, published_at: at(10) }, // recent: all kept
      { id: 9, published_at: at(10) },
      { id: 10, published_at: at(0) },
    ];
    expect(revisionsToThin(revisions, now).sort((a, b) => a - b)).toEqual([1, 4, 5]);
    expect(revisionsToThin(revisions.slice(0, 2), now)).toEqual([]); // the newest is always kept... and is alone in its month
    expect(revisionsToThin([], now)).toEqual([]);
  });
});
