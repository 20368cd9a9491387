import { describe, expect, it } from 'vitest';
import { codeForStatus } from './errors';

describe('codeForStatus', () => {
  it('maps the statuses and player reasons of docs/errors.md', () => {
    expect(codeForStatus(400)).toBe('BAD_USER_INPUT');
    expect(codeForStatus(401)).toBe('UNAUTHENTICATED');
    expect(codeForStatus(403)).toBe('FORBIDDEN');
    expect(codeForStatus(403, 'PREMIUM_REQUIRED')).toBe('PREMIUM_REQUIRED');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(404, 'NO_ACTIVE_DEVICE')).toBe('NO_ACTIVE_DEVICE');
    expect(codeForStatus(400, 'SNAPSHOT_STALE')).toBe('PLAYLIST_CHANGED');
    expect(codeForStatus(400, 'POSITION_MISMATCH')).toBe('BAD_USER_INPUT');
    expect(codeForStatus(429)).toBe('RATE_LIMITED');
    expect(codeForStatus(503)).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('gives BAD_USER_INPUT, not an internal error, to a request the input made too large for the upstream', () => {
    // A body, a URL or headers too large: a very long id or thousands of URIs, which the client can fix.
    expect(codeForStatus(413)).toBe('BAD_USER_INPUT');
    expect(codeForStatus(414)).toBe('BAD_USER_INPUT');
    expect(codeForStatus(431)).toBe('BAD_USER_INPUT');
  });

  it('keeps INTERNAL_SERVER_ERROR for an answer the api has no reason to get', () => {
    expect(codeForStatus(405)).toBe('INTERNAL_SERVER_ERROR');
    expect(codeForStatus(302)).toBe('INTERNAL_SERVER_ERROR');
  });
});
