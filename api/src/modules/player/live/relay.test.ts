import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, testKeyPrefix } from '../../../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../../../test-support/services';
import { LocalRelay, RedisRelay, type PlayerRelay } from './relay';
import type { PlayerSnapshot } from './snapshot';

const reading = (at: number): PlayerSnapshot => ({ player: null, devices: [], at });

/** Two relays as two instances hold them: what one publishes, both hear; pokes reach the listener's feeds only. */
async function handsOver(one: PlayerRelay, two: PlayerRelay, settle: () => Promise<void>): Promise<void> {
  const heard: string[] = [];
  const leaveOne = await one.join('user:a', 'user:a', {
    snapshot: (snapshot) => heard.push(`one ${snapshot.at}`),
    poke: () => heard.push('one poked'),
  });
  const leaveTwo = await two.join('user:a', 'user:a', {
    snapshot: (snapshot) => heard.push(`two ${snapshot.at}`),
    poke: () => heard.push('two poked'),
  });
  const leaveOther = await two.join('user:b', 'user:b', {
    snapshot: (snapshot) => heard.push(`other ${snapshot.at}`),
    poke: () => heard.push('other poked'),
  });
  await one.publish('user:a', reading(1));
  await two.poke('user:a');
  await settle();
  expect(heard.sort()).toEqual(['one 1', 'one poked', 'two 1', 'two poked']);
  await leaveTwo();
  await one.publish('user:a', reading(2));
  await settle();
  expect(heard.filter((line) => line.startsWith('two'))).toHaveLength(2);
  expect(heard).toContain('one 2');
  await leaveOne();
  await leaveOther();
}

describe('the in-process relay', () => {
  it('hands readings and pokes over in memory, and always holds the lease', async () => {
    const relay = new LocalRelay();
    await handsOver(relay, relay, () => Promise.resolve());
    expect(await relay.hold()).toBe(true);
  });
});

describe.runIf(await hasRedis())('the relay through Redis', () => {
  const prefix = testKeyPrefix('relay');
  const clients: RedisClientType[] = [];
  const relays: RedisRelay[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 2; index += 1) {
      const client: RedisClientType = createClient({ url: REDIS_URL });
      await client.connect();
      clients.push(client);
      relays.push(new RedisRelay(client, prefix));
    }
  });

  afterAll(async () => {
    for (const relay of relays) await relay.close();
    await deleteKeys(prefix);
    for (const client of clients) client.destroy();
  });

  const relay = (index: number): RedisRelay => {
    const found = relays[index];
    if (!found) throw new Error('The relays are used before they start.');
    return found;
  };

  it('hands readings and pokes to every instance through pub/sub', async () => {
    await handsOver(relay(0), relay(1), () => new Promise((resolve) => setTimeout(resolve, 100)));
  });

  it('gives the lease to one holder at a time, renews it for that holder, and frees it on release', async () => {
    expect(await relay(0).hold('user:lease', 'first', 5000)).toBe(true);
    expect(await relay(1).hold('user:lease', 'second', 5000)).toBe(false);
    expect(await relay(0).hold('user:lease', 'first', 5000)).toBe(true);
    // Only its holder may release it.
    await relay(1).release('user:lease', 'second');
    expect(await relay(1).hold('user:lease', 'second', 5000)).toBe(false);
    await relay(0).release('user:lease', 'first');
    expect(await relay(1).hold('user:lease', 'second', 5000)).toBe(true);
  });

  it('lets another holder take the lease once it lapses unrenewed', async () => {
    expect(await relay(0).hold('user:lapse', 'first', 200)).toBe(true);
    expect(await relay(1).hold('user:lapse', 'second', 200)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await relay(1).hold('user:lapse', 'second', 200)).toBe(true);
    expect(await relay(0).hold('user:lapse', 'first', 200)).toBe(false);
  });
});
