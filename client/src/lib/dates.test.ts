import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayWords, formatLongDate, formatShortDate, formatTime } from './dates';

describe('the one date and time format of the client', () => {
  const at = new Date(2026, 10, 24, 20, 9);

  it('writes dates and times the same way everywhere', () => {
    expect(formatLongDate(at)).toBe('November 24, 2026');
    expect(formatTime(at)).toBe('8:09 PM');
    expect(formatDateTime(at)).toBe('November 24, 2026 at 8:09 PM');
    expect(formatDateTime(at.toISOString())).toBe('November 24, 2026 at 8:09 PM');
    expect(formatShortDate(at, new Date(2026, 11, 1))).toBe('November 24');
    expect(formatShortDate(at, new Date(2027, 0, 1))).toBe('November 24, 2026');
  });

  it('says nothing for a missing or broken date', () => {
    expect(formatLongDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names recent days in words', () => {
    expect(formatDayWords(at, new Date(2026, 10, 24, 23, 0))).toBe('earlier today');
    expect(formatDayWords(at, new Date(2026, 10, 25, 8, 0))).toBe('yesterday');
    expect(formatDayWords(at, new Date(2026, 10, 27, 8, 0))).toBe('Tuesday');
    expect(formatDayWords(at, new Date(2026, 11, 10))).toBe('November 24');
  });

  it('writes them in Spanish with the long forms of Intl', () => {
    expect(formatLongDate(at, 'es')).toBe('24 de noviembre de 2026');
    expect(formatTime(at, 'es')).toBe('20:09');
    expect(formatDateTime(at, 'es')).toBe('24 de noviembre de 2026 a las 20:09');
    expect(formatShortDate(at, new Date(2026, 11, 1), 'es')).toBe('24 de noviembre');
    expect(formatDayWords(at, new Date(2026, 10, 24, 23, 0), 'es')).toBe('hoy');
    expect(formatDayWords(at, new Date(2026, 10, 25, 8, 0), 'es')).toBe('ayer');
    expect(formatDayWords(at, new Date(2026, 10, 27, 8, 0), 'es')).toBe('martes');
  });
});
