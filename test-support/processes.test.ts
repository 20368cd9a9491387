import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ephemeralPortsFrom, freePort } from './processes';

const servers: Server[] = [];

function listen(port: number): Promise<Server> {
  const server = createServer();
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

describe('freePort', () => {
  it('answers ports below those the system hands out to connections, each once, each free to listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    // Where the system's own range starts below 11000, freePort still has the thousand ports above 10000.
    const below = Math.max(11_000, ephemeralPortsFrom());
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(below);
    }
    // Free: a server listens on each of them.
    await Promise.all(ports.map((port) => listen(port)));
  });
});
