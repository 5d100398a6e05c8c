import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key';

describe('clientKeyOf', () => {
  it('keeps IPv4 and unmaps IPv4-mapped IPv6', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by /64, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const a of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:0:0:9',
      '[2001:db8:1:2::beef]',
      '2001:db8:1:2:0:0:1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientKeyOf(a), a).toBe(key);
    }
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    for (const a of ['local', 'unknown', '']) expect(clientKeyOf(a)).toBe(a);
  });
});
