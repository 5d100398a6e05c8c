import { describe, expect, it } from 'vitest';
import { formatBytes, usageLine } from './bytes';

describe('formatBytes', () => {
  it('says sizes in decimal units, rounded for reading', () => {
    expect(formatBytes(0)).toBe('0 MB');
    expect(formatBytes(400)).toBe('1 KB');
    expect(formatBytes(45_400)).toBe('45 KB');
    expect(formatBytes(312_000_000)).toBe('312 MB');
    expect(formatBytes(987_654_321)).toBe('988 MB');
    expect(formatBytes(999_600_000)).toBe('1 GB');
    expect(formatBytes(1_000_000_000)).toBe('1 GB');
    expect(formatBytes(1_540_000_000)).toBe('1.5 GB');
  });

  it('makes the profile line', () => {
    expect(usageLine(312_000_000, 1_000_000_000)).toBe('312 MB of 1 GB used');
  });
});
