import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../../contract/weekly-question';
import { LEAST_GAP_MS, nextAfter, nextSendAt } from './schedule-time';

const iso = (at: number) => new Date(at).toISOString();

describe('the weekly time', () => {
  it('is the chosen weekday and minute in the person’s zone', () => {
    // Monday 15 June 2026, noon UTC.
    const now = Date.UTC(2026, 5, 15, 12);
    expect(iso(nextSendAt(now, { day: 2, minute: 600, time_zone: 'UTC' }))).toBe('2026-06-16T10:00:00.000Z');
    // London is UTC+1 in June: 10:00 there is 09:00 UTC.
    expect(iso(nextSendAt(now, { day: 2, minute: 600, time_zone: 'Europe/London' }))).toBe('2026-06-16T09:00:00.000Z');
    // Already past today in New York (08:00 there): next week.
    expect(iso(nextSendAt(now, { day: 1, minute: 7 * 60, time_zone: 'America/New_York' }))).toBe('2026-06-22T11:00:00.000Z');
    // Later today in New York.
    expect(iso(nextSendAt(now, { day: 1, minute: 9 * 60, time_zone: 'America/New_York' }))).toBe('2026-06-15T13:00:00.000Z');
    // Tokyo's Tuesday begins on Monday UTC.
    expect(iso(nextSendAt(now, { day: 2, minute: 30, time_zone: 'Asia/Tokyo' }))).toBe('2026-06-15T15:30:00.000Z');
    // Exactly at the time: the next week's.
    const at = Date.UTC(2026, 5, 16, 10);
    expect(iso(nextSendAt(at, { day: 2, minute: 600, time_zone: 'UTC' }))).toBe('2026-06-23T10:00:00.000Z');
  });

  it('follows the clock change', () => {
    // London goes back an hour on Sunday 25 October 2026: 10:00 is 09:00 UTC before, 10:00 UTC after.
    const before = Date.UTC(2026, 9, 20, 12);
    const first = nextSendAt(before, { day: 0, minute: 600, time_zone: 'Europe/London' });
    expect(iso(first)).toBe('2026-10-25T10:00:00.000Z');
    expect(iso(nextSendAt(Date.UTC(2026, 9, 13, 12), { day: 0, minute: 600, time_zone: 'Europe/London' }))).toBe(
      '2026-10-18T09:00:00.000Z',
    );
    // A time the spring change skips (01:30 on 29 March 2026 in London) still happens, an hour on.
    expect(iso(nextSendAt(Date.UTC(2026, 2, 27), { day: 0, minute: 90, time_zone: 'Europe/London' }))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('keeps a late email and the next one apart', () => {
    const schedule = { day: 2, minute: 600, time_zone: 'UTC' };
    // Sent late on Monday: the next is not the next day but the Tuesday after.
    const late = Date.UTC(2026, 5, 15, 12);
    expect(iso(nextAfter(late, late, schedule))).toBe('2026-06-23T10:00:00.000Z');
    // On time: a week on.
    const onTime = Date.UTC(2026, 5, 16, 10);
    expect(iso(nextAfter(onTime, onTime, schedule))).toBe('2026-06-23T10:00:00.000Z');
    expect(LEAST_GAP_MS).toBe(3 * 24 * 3600 * 1000);
  });

  it('knows a time zone from anything else', () => {
    for (const z of ['Europe/London', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(z), z).toBe(true);
    for (const z of ['', 'Mars/Olympus', 'Europe/London; DROP', '../etc', 'x'.repeat(80)]) expect(isTimeZone(z), z).toBe(false);
  });
});
