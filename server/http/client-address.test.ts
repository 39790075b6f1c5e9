import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

// Per-address limits key IPv6 clients by their /64.

describe('addressKey', () => {
  it('keys every address of one IPv6 /64 alike, however it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:DB8:1:2::abcd'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('keys another /64 apart', () => {
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keys IPv4 by the full address, also mapped into IPv6', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.8')).not.toBe(addressKey('192.0.2.7'));
  });

  it('keeps what is no address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
