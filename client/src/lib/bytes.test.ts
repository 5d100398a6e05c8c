import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import es from '../locales/es.json';
import { formatBytes, formatFileSize, usageLine } from './bytes';

const en = createIntl({ locale: 'en', defaultLocale: 'en' });
const spanish = createIntl({ locale: 'es', defaultLocale: 'en', messages: es });

describe('formatBytes', () => {
  it('says sizes in decimal units, rounded for reading', () => {
    expect(formatBytes(en, 0)).toBe('0 MB');
    expect(formatBytes(en, 400)).toBe('1 KB');
    expect(formatBytes(en, 45_400)).toBe('45 KB');
    expect(formatBytes(en, 312_000_000)).toBe('312 MB');
    expect(formatBytes(en, 987_654_321)).toBe('988 MB');
    expect(formatBytes(en, 999_600_000)).toBe('1 GB');
    expect(formatBytes(en, 1_000_000_000)).toBe('1 GB');
    expect(formatBytes(en, 1_540_000_000)).toBe('1.5 GB');
  });

  it('makes the profile line', () => {
    expect(usageLine(en, 312_000_000, 1_000_000_000)).toBe('312 MB of 1 GB used');
  });

  it('writes the number the Spanish way in Spanish', () => {
    expect(formatBytes(spanish, 1_540_000_000)).toBe('1,5 GB');
    expect(usageLine(spanish, 312_000_000, 1_000_000_000)).toBe('312 MB usados de 1 GB');
  });
});

describe('formatFileSize', () => {
  it('says a file size in binary units', () => {
    expect(formatFileSize(en, 300)).toBe('1 KB');
    expect(formatFileSize(en, 45 * 1024)).toBe('45 KB');
    expect(formatFileSize(en, 2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(spanish, 2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});
