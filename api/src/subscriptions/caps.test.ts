import { describe, expect, it } from 'vitest';
import { SubscriptionCaps } from './caps';

describe('subscription caps', () => {
  it('bound the subscriptions of one connection', () => {
    const caps = new SubscriptionCaps({ perConnection: 2, perListener: 10 });
    const connection = {};
    expect(caps.reserve(connection, '1', 'user:a')).toBeNull();
    expect(caps.reserve(connection, '2', 'user:a')).toBeNull();
    const refused = caps.reserve(connection, '3', 'user:a');
    expect(refused?.message).toBe(
      'Subscription limit exceeded: this connection holds 2 subscriptions and the limit is 2.',
    );
    expect(refused?.extensions).toEqual({ code: 'RATE_LIMITED', limit: 'subscriptionsPerConnection', maximum: 2 });
    caps.release(connection, '1');
    expect(caps.reserve(connection, '3', 'user:a')).toBeNull();
  });

  it("bound one listener's subscriptions across connections, and release each once", () => {
    const caps = new SubscriptionCaps({ perConnection: 10, perListener: 2 });
    const [one, two, three] = [{}, {}, {}];
    expect(caps.reserve(one, '1', 'user:a')).toBeNull();
    expect(caps.reserve(two, '1', 'user:a')).toBeNull();
    expect(caps.reserve(three, '1', 'user:a')?.extensions.limit).toBe('subscriptionsPerListener');
    expect(caps.reserve(three, '1', 'user:b')).toBeNull();
    caps.release(one, '1');
    caps.release(one, '1');
    expect(caps.total()).toBe(2);
    expect(caps.reserve(three, '2', 'user:a')).toBeNull();
    expect(caps.reserve(one, '2', 'user:a')?.extensions.limit).toBe('subscriptionsPerListener');
    caps.releaseAll(three);
    expect(caps.of(three)).toBe(0);
    expect(caps.total()).toBe(1);
  });
});
