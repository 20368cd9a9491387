import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './live-player';

function upgrade(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe("a WebSocket upgrade's client address", () => {
  const trustNone = () => false;
  const trustLoopback = (address: string) => address === '127.0.0.1';

  it('is the connecting address when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(upgrade('203.0.113.9', '198.51.100.1'), trustNone)).toBe('203.0.113.9');
  });

  it('is the address a trusted proxy names, and the first untrusted hop of a longer chain', () => {
    expect(clientAddress(upgrade('127.0.0.1', '198.51.100.1'), trustLoopback)).toBe('198.51.100.1');
    // The client forged the first entry; the trusted proxy appended what it saw.
    expect(clientAddress(upgrade('127.0.0.1', '10.0.0.1, 198.51.100.7'), trustLoopback)).toBe('198.51.100.7');
    expect(clientAddress(upgrade('127.0.0.1'), trustLoopback)).toBe('127.0.0.1');
  });
});
