import { describe, expect, it } from 'vitest';
import { addressKey, AddressLimit } from './login-limit';

/** A limit on a clock the test moves. */
function limitAt(options: { requests: number; windowMs: number; maxAddresses?: number }) {
  const clock = { now: 1_000_000 };
  const limit = new AddressLimit({ ...options, now: () => clock.now });
  return { limit, clock };
}

describe('the per-address limit', () => {
  it('lets an address start as many sign-ins as the window allows, then says how long to wait', () => {
    const { limit, clock } = limitAt({ requests: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) expect(limit.take('192.0.2.1')).toEqual({ allowed: true });
    expect(limit.take('192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.now += 59_500;
    expect(limit.take('192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Other addresses have their own count.
    expect(limit.take('192.0.2.2')).toEqual({ allowed: true });
    clock.now += 500;
    expect(limit.take('192.0.2.1')).toEqual({ allowed: true });
  });

  it('remembers a bounded number of addresses: ended windows go first, then the oldest', () => {
    const { limit, clock } = limitAt({ requests: 1, windowMs: 60_000, maxAddresses: 100 });
    for (let i = 0; i < 1000; i += 1) {
      limit.take(`198.51.100.${i % 250}-${i}`);
      expect(limit.size).toBeLessThanOrEqual(100);
    }
    // The newest addresses are still held to their count; the table never grew past its bound.
    expect(limit.take('198.51.100.249-999')).toMatchObject({ allowed: false });
    clock.now += 60_000;
    limit.take('192.0.2.1');
    expect(limit.size).toBe(1);
  });
});

describe('the address a client is counted as', () => {
  it('is an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is "unknown" when the request has no address', () => {
    expect(addressKey(undefined)).toBe('unknown');
  });
});
