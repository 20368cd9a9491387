import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { handleShutdown } from './shutdown';

/**
 * The shared graceful shutdown, on a real loopback server: the request in flight finishes, new
 * connections are refused, the stores close last, and the process's exit is called once, with
 * the outcome. Requests are answered when the test says so, never after a sleep.
 */

const silent = createLogger({ level: 'silent', service: 'test' });

interface Running {
  server: Server;
  url: string;
  /** Requests waiting for the test to answer them. */
  waiting: ServerResponse[];
  arrived: Promise<void>;
}

async function start(): Promise<Running> {
  const waiting: ServerResponse[] = [];
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/slow') {
      waiting.push(res);
      arrive();
    } else res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, waiting, arrived };
}

/** Lets pending I/O callbacks run (not timers: some tests fake them). */
async function settle(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('handleShutdown', () => {
  it('finishes the request in flight, refuses new connections, closes the stores last and exits 0', async () => {
    const running = await start();
    const events: string[] = [];
    const exit = vi.fn((code: number) => events.push(`exit ${code}`));
    const shutdown = handleShutdown({
      server: running.server,
      timeoutMs: 10_000,
      logger: silent,
      close: () => {
        events.push('stores closed');
        return Promise.resolve();
      },
      exit,
    });
    const slow = fetch(`${running.url}/slow`).then((response) => response.text());
    await running.arrived;
    running.waiting[0]?.once('finish', () => events.push('answered'));
    const stopping = shutdown('SIGTERM');
    const refused = await fetch(`${running.url}/other`).then(
      () => false,
      (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
    );
    expect(refused).toBe(true);
    expect(events).toEqual([]);
    running.waiting[0]?.end('done');
    expect(await slow).toBe('done');
    await stopping;
    expect(events).toEqual(['answered', 'stores closed', 'exit 0']);
  });

  it('cuts a request that outlasts the timeout and exits 1', async () => {
    const running = await start();
    const exit = vi.fn();
    const shutdown = handleShutdown({
      server: running.server,
      timeoutMs: 50,
      logger: silent,
      close: () => Promise.resolve(),
      exit,
    });
    const slow = fetch(`${running.url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await running.arrived;
    await shutdown('SIGTERM');
    expect(await slow).toBe('cut');
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('shuts down once, however many signals arrive', async () => {
    const running = await start();
    const close = vi.fn(() => Promise.resolve());
    const exit = vi.fn();
    const shutdown = handleShutdown({ server: running.server, timeoutMs: 1000, logger: silent, close, exit });
    const first = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(first);
    await first;
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('exits 1 when the stores fail to close, or do not close in time', async () => {
    const failing = await start();
    const exitFailing = vi.fn();
    await handleShutdown({
      server: failing.server,
      timeoutMs: 1000,
      logger: silent,
      close: () => Promise.reject(new Error('pool refused')),
      exit: exitFailing,
    })('SIGTERM');
    expect(exitFailing.mock.calls).toEqual([[1]]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const hanging = await start();
    const exitHanging = vi.fn();
    const closing = vi.fn(() => new Promise<void>(() => undefined));
    const stopping = handleShutdown({
      server: hanging.server,
      timeoutMs: 1000,
      closeTimeoutMs: 5000,
      logger: silent,
      close: closing,
      exit: exitHanging,
    })('SIGTERM');
    await vi.waitUntil(() => closing.mock.calls.length > 0, { interval: 1 });
    vi.advanceTimersByTime(5000);
    await stopping;
    expect(exitHanging.mock.calls).toEqual([[1]]);
  });

  it('leaves no timer behind once it is done, so that exit is never called a second time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const running = await start();
    const exit = vi.fn();
    const stopping = handleShutdown({
      server: running.server,
      timeoutMs: 10_000,
      closeTimeoutMs: 5000,
      logger: silent,
      close: () => Promise.resolve(),
      exit,
    })('SIGTERM');
    await settle();
    await stopping;
    expect(exit.mock.calls).toEqual([[0]]);
    expect(vi.getTimerCount()).toBe(0);
    // Past every deadline the shutdown set: still the one exit, with its outcome.
    vi.advanceTimersByTime(60_000);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('ends upgraded connections (WebSockets) as it starts, so that they do not hold the server to the deadline', async () => {
    const running = await start();
    const upgraded: Duplex[] = [];
    running.server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
      upgraded.push(socket);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n');
    });
    const port = (running.server.address() as AddressInfo).port;
    const client: Socket = connect({ host: '127.0.0.1', port });
    const switched = new Promise<void>((resolve) => client.once('data', () => resolve()));
    client.write(`GET /live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n`);
    await switched;
    const clientClosed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const events: string[] = [];
    const exit = vi.fn((code: number) => events.push(`exit ${code}`));
    await handleShutdown({
      server: running.server,
      // Far beyond the test's own timeout: only the stopping hook can end the upgraded connection in time.
      timeoutMs: 60_000,
      logger: silent,
      stopping: () => {
        events.push('sockets closed');
        for (const socket of upgraded) socket.destroy();
        return Promise.resolve();
      },
      close: () => {
        events.push('stores closed');
        return Promise.resolve();
      },
      exit,
    })('SIGTERM');
    await clientClosed;
    expect(events).toEqual(['sockets closed', 'stores closed', 'exit 0']);
  });
});
