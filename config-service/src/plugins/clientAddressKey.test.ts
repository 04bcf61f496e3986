import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './clientAddressKey.ts';

describe('clientAddressKey', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('ip6:2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('ip6:2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:a:b:198.51.100.7')).toBe('ip6:2001:db8:1:2::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('ip6:fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });

  it('counts an IPv4-mapped address as the IPv4 address it maps', () => {
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('ip:198.51.100.7');
    expect(clientAddressKey('::FFFF:c633:6407')).toBe('ip:198.51.100.7');
    expect(clientAddressKey('198.51.100.7')).toBe('ip:198.51.100.7');
  });
});
