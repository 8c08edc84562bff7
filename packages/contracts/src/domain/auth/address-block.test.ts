import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64', () => {
    const a = addressBlock('2001:db8:85a3:1:8a2e:370:7334:1');
    expect(a).toBe('2001:db8:85a3:1::/64');
    expect(addressBlock('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressBlock('2001:db8:85a3:1::9')).toBe(a);
    expect(addressBlock('2001:db8:85a3:2::9')).not.toBe(a);
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps text that is no address as it is', () => {
    expect(addressBlock('1::2::3')).toBe('1::2::3');
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
