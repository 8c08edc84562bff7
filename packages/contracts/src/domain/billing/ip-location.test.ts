import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK, locationFromIp } from './ip-location';

describe('locationFromIp', () => {
  it('names loopback, private, link-local and carrier NAT ranges as the local network', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      '::ffff:192.168.0.4',
      'fd12:3456::1',
      'fe80::1',
    ]) {
      expect(locationFromIp(ip), ip).toBe(LOCAL_NETWORK);
    }
  });

  it('does not pretend to know where a public address is', () => {
    for (const ip of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2001:db8::1',
      '::ffff:8.8.4.4',
      'garbage',
      '999.1.1.1',
      '',
      null,
      undefined,
    ]) {
      expect(locationFromIp(ip), String(ip)).toBeNull();
    }
  });
});
