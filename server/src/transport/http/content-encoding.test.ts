import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-encoding';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then the plain bytes, honouring q-values', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('GZIP;Q=0.9, BR;Q=0.2')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('identity, br;q=0.5')).toBe('identity');
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('chooses only among the copies there are', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br, gzip', [])).toBe('identity');
  });
});
