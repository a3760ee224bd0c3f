import { describe, expect, it } from 'vitest';
import { clientKey } from '#backend/http/rate-limit.ts';

describe('clientKey: who the rate limits count for an IP address', () => {
  it('counts an IPv4 address by itself, also when written as IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const one = clientKey('2001:db8:85a3:12::1');
    expect(one).toBe('2001:db8:85a3:12::/64');
    for (const same of ['2001:0db8:85a3:0012:ffff:ffff:ffff:ffff', '2001:db8:85a3:12:abcd::', '2001:DB8:85A3:12::9%eth0', '2001:db8:85a3:12::1.2.3.4']) {
      expect(clientKey(same), same).toBe(one);
    }
  });

  it('tells different /64s apart, and leaves what is no address as it is', () => {
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(clientKey('2001:db8:85a3:12::1'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('')).toBe('');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
