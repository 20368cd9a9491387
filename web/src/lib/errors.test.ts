import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../__generated__/error-codes';
import { errorCodeOf, friendlyMessage, onlyCodes, retryAfterSecondsOf } from './errors';

const graphqlError = (code: string, extensions: Record<string, unknown> = {}) =>
  new CombinedGraphQLErrors({
    errors: [{ message: `internal wording for ${code}`, extensions: { code, ...extensions } }],
  });

describe('errors in plain words', () => {
  it('reads the catalogue code of a GraphQL error', () => {
    expect(errorCodeOf(graphqlError('NO_ACTIVE_DEVICE'))).toBe('NO_ACTIVE_DEVICE');
    expect(errorCodeOf(graphqlError('SOMETHING_NEW'))).toBe('INTERNAL_SERVER_ERROR');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('NETWORK');
    expect(errorCodeOf(undefined)).toBeUndefined();
  });

  it('knows every code of the catalogue the schema declares (enum ErrorCode)', () => {
    for (const code of errorCodes) expect(errorCodeOf(graphqlError(code))).toBe(code);
  });

  it('reads HTTP failures of the api itself', () => {
    const response = new Response('', { status: 503 });
    expect(errorCodeOf(new ServerError('down', { response, bodyText: '' }))).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('gives each code its own message, never the server wording', () => {
    // BAD_USER_INPUT shows the server's reason, which is written for people (below).
    const codes = errorCodes.filter((code) => code !== 'BAD_USER_INPUT');
    const messages = codes.map((code) => friendlyMessage(graphqlError(code), 'play that'));
    expect(new Set(messages).size).toBe(codes.length);
    for (const message of messages) expect(message).not.toMatch(/internal wording/);
    expect(friendlyMessage(graphqlError('PREMIUM_REQUIRED'))).toMatch(/Premium/);
  });

  it('says how long to wait when the music service said', () => {
    const error = graphqlError('RATE_LIMITED', { retryAfterSeconds: 4.2 });
    expect(retryAfterSecondsOf(error)).toBe(5);
    expect(friendlyMessage(error)).toBe('The music service is busy. Try again in 5 seconds.');
  });

  it('shows the reason of bad input, which is written for people', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'name: 1 to 100 characters.', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(friendlyMessage(error)).toBe('name: 1 to 100 characters.');
  });

  it('tells whether every error has one of some codes', () => {
    expect(onlyCodes(graphqlError('FEATURE_UNAVAILABLE'), ['FEATURE_UNAVAILABLE'])).toBe(true);
    expect(onlyCodes(graphqlError('NOT_FOUND'), ['FEATURE_UNAVAILABLE'])).toBe(false);
    expect(onlyCodes(new TypeError('x'), ['FEATURE_UNAVAILABLE'])).toBe(false);
  });
});
