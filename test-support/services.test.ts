import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './processes';
import { decide, hasPostgres, hasRedis, isCi, probePostgres, probeRedis } from './services';

describe('service probes', () => {
  let silentPort: number;
  let closedPort: number;
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.end('HELLO\r\n');
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
    // Nothing listens there, and no connection of the suite's takes it as its own port meanwhile.
    closedPort = await freePort();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('report a closed port as unavailable', async () => {
    const postgres = await probePostgres(`postgres://127.0.0.1:${closedPort}/test`);
    const redis = await probeRedis(`redis://127.0.0.1:${closedPort}`);
    expect(postgres.available).toBe(false);
    expect(redis.available).toBe(false);
    expect(postgres.reason).toMatch(/ECONNREFUSED/);
  });

  it('report a server that speaks another protocol as unavailable', async () => {
    expect(await probeRedis(`redis://127.0.0.1:${silentPort}`)).toEqual({
      available: false,
      reason: `127.0.0.1:${silentPort} does not speak the Redis protocol`,
    });
    expect((await probePostgres(`postgres://127.0.0.1:${silentPort}/test`)).available).toBe(false);
  });

  it('find the PostgreSQL and Redis servers of this machine (mandatory in CI)', async () => {
    // Where a server is missing outside CI these resolve false after printing a skip message.
    const [postgres, redis] = await Promise.all([hasPostgres(), hasRedis()]);
    if (isCi()) {
      expect(postgres).toBe(true);
      expect(redis).toBe(true);
    }
  });
});

describe('decide', () => {
  it('runs the tests when the service answers', () => {
    expect(decide('Redis', { available: true }, true)).toBe(true);
  });

  it('fails in CI when the service is missing', () => {
    expect(() => decide('PostgreSQL', { available: false, reason: 'connect ECONNREFUSED' }, true)).toThrow(
      /PostgreSQL is not reachable \(connect ECONNREFUSED\): CI requires it/,
    );
  });

  it('skips with a visible message elsewhere', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(decide('Redis', { available: false, reason: 'timeout' }, false)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SKIPPED: the Redis tests'));
    warn.mockRestore();
  });

  it('reads CI the way CI systems set it', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});
