import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
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
