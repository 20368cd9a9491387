import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { probeRedis, REDIS_URL } from './services';

/** A Redis key prefix of a test's own: nothing it writes meets another test's keys. */
export function testKeyPrefix(label: string): string {
  return `graphonic-test:${label}:${randomBytes(4).toString('hex')}:`;
}

/**
 * Deletes every key under `prefix` on the machine's Redis server; resolves with how many went. Where
 * no Redis server answers there is nothing to delete, and it resolves 0 at once (a client would
 * otherwise keep trying to connect).
 */
export async function deleteKeys(prefix: string): Promise<number> {
  if (!(await probeRedis()).available) return 0;
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  let deleted = 0;
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.del(keys);
    }
  } finally {
    client.destroy();
  }
  return deleted;
}

/**
 * Two clients of the machine's Redis server, as two instances would hold, connected before the
 * tests of the calling `describe` and closed after them, with every key under `prefix` deleted.
 */
export function twoRedisClients(prefix: string): { readonly one: RedisClientType; readonly two: RedisClientType } {
  const clients: RedisClientType[] = [];
  beforeAll(async () => {
    clients.push(createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL }));
    await Promise.all(clients.map((client) => client.connect()));
  });
  afterAll(async () => {
    await deleteKeys(prefix);
    for (const client of clients.splice(0)) client.destroy();
  });
  const at = (index: number): RedisClientType => {
    const client = clients[index];
    if (!client) throw new Error('The Redis clients are used before their tests start.');
    return client;
  };
  return {
    get one() {
      return at(0);
    },
    get two() {
      return at(1);
    },
  };
}
