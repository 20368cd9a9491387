import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * Graceful shutdown: on SIGTERM the server stops accepting connections at once (new ones are
 * refused), lets the requests in flight finish within `timeoutMs` (then cuts them), closes
 * keep-alive connections as their responses end, then closes what the process holds (pools,
 * stores) within `closeTimeoutMs`, and exits: 0 when everything finished, 1 otherwise. Its last
 * resort timer (exit 1 when even closing hangs) is cleared once the shutdown has run its course, so
 * that an `exit` that does not end the process (a test's) is never followed by a second, late one.
 */
export interface ShutdownOptions {
  server: Server;
  timeoutMs: number;
  /** Closes the stores and pools once the server has stopped. */
  close: () => Promise<void>;
  /**
   * Ends long-lived connections (WebSockets) as the shutdown starts: an upgraded connection is no request that
   * ends, and would hold the server open until the deadline.
   */
  stopping?: () => Promise<void>;
  logger: Logger;
  /** 5 s unless given. */
  closeTimeoutMs?: number;
  /** `process.exit` unless given. */
  exit?: (code: number) => void;
}

/** Installs the handlers; returns the shutdown itself (for tests and for callers with their own signals). */
export function handleShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { server, logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const closeTimeoutMs = options.closeTimeoutMs ?? 5000;
  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<void> | undefined;

  server.on('request', (_req, res: ServerResponse) => {
    // A request that arrives on a kept-alive connection while stopping is the last on it.
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ signal, inFlight: inFlight.size }, 'shutting down');
    // The process ends even if a pool refuses to close.
    const last = setTimeout(() => exit(1), options.timeoutMs + closeTimeoutMs + 1000);
    last.unref();
    for (const res of inFlight) res.shouldKeepAlive = false;
    let forced = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    options
      .stopping?.()
      .catch((error: unknown) => logger.warn({ err: error }, 'closing long-lived connections failed'));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      logger.warn({ inFlight: inFlight.size }, 'requests still in flight at the shutdown deadline; closing them');
      server.closeAllConnections();
    }, options.timeoutMs);
    await closed;
    clearInterval(idle);
    clearTimeout(deadline);
    let clean = !forced;
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the stores did not close in time')), closeTimeoutMs);
        options.close().then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    } catch (error) {
      clean = false;
      logger.error({ err: error }, 'closing the stores failed');
    }
    logger.info({ clean }, 'stopped');
    logger.flush();
    clearTimeout(last);
    exit(clean ? 0 : 1);
  };

  return (signal: string) => {
    stopping ??= shutdown(signal);
    return stopping;
  };
}
