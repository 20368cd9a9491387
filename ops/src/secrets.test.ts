import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isPlaceholder, secretProblem } from './secrets';

describe('what production accepts as a secret', () => {
  const published = ['a-published-development-secret-of-32-characters'];

  it('accepts a long, varied secret', () => {
    expect(secretProblem('9f2c4e1b7a0d3865fe21c4b9a7d0e3f5', published)).toBeNull();
  });

  it('refuses a published default, a placeholder, a short or a repetitive one, saying why', () => {
    expect(secretProblem(published[0] ?? '', published)).toMatch(/published development default/);
    expect(secretProblem('change-me-session-secret-of-at-least-32-random-bytes', published)).toMatch(/placeholder/);
    expect(secretProblem('Change_Me and some more characters to be long', published)).toMatch(/placeholder/);
    expect(secretProblem('9f2c4e1b7a0d', published)).toMatch(/at least 32 characters/);
    expect(secretProblem('x'.repeat(40), published)).toMatch(/too repetitive/);
    expect(secretProblem('abcdefghijk'.repeat(4), published)).toMatch(/too repetitive/);
  });

  it('knows placeholders, and loopback addresses', () => {
    expect(isPlaceholder('change-me-metrics-token-of-32-characters-or-more')).toBe(true);
    expect(isPlaceholder('a-real-secret')).toBe(false);
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '10.0.0.1', 'example.org']) expect(isLoopbackHost(host)).toBe(false);
  });
});
