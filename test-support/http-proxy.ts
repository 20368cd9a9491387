import { request, type IncomingHttpHeaders } from 'node:http';
import { listen, type RunningServer } from './http';

/** One request that went through a proxy, and its answer. */
export interface Exchange {
  method: string;
  /** The path and query as sent. */
  url: string;
  status: number;
  /** When the request reached the proxy (ms since the epoch). */
  at: number;
  requestId: string | undefined;
}

export interface HttpProxy extends RunningServer {
  /** Every exchange so far, oldest first. */
  exchanges: Exchange[];
  /** Where the next requests go: a fixed target's index, or each in turn. */
  route: number | 'round-robin';
}

/**
 * A small HTTP proxy on loopback for tests: it forwards each request to one of `targets` (the
 * one its X-Backend header names, else as chosen by `route`), records every exchange, and tells `onExchange` as each answer arrives. It
 * adds X-Forwarded-For and X-Forwarded-Proto as a real proxy does.
 */
export async function startHttpProxy(
  targets: string[],
  options: { onExchange?: (exchange: Exchange) => void } = {},
): Promise<HttpProxy> {
  let turn = 0;
  const exchanges: Exchange[] = [];
  const proxy: { route: number | 'round-robin' } = { route: 'round-robin' };
  const server = await listen((req, res) => {
    // A test pins one request to a target with X-Backend; others follow `route`.
    const pinned = Number(req.headers['x-backend']);
    const index = Number.isInteger(pinned)
      ? pinned
      : proxy.route === 'round-robin'
        ? turn++ % targets.length
        : proxy.route;
    const target = new URL(targets[index] ?? '');
    const at = Date.now();
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      host: target.host,
      'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
      'x-forwarded-proto': 'http',
    };
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        const exchange: Exchange = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          status: answer.statusCode ?? 0,
          at,
          requestId: req.headers['x-request-id'] as string | undefined,
        };
        exchanges.push(exchange);
        options.onExchange?.(exchange);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      exchanges.push({ method: req.method ?? 'GET', url: req.url ?? '/', status: 502, at, requestId: undefined });
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return {
    url: server.url,
    server: server.server,
    close: server.close,
    exchanges,
    get route() {
      return proxy.route;
    },
    set route(value: number | 'round-robin') {
      proxy.route = value;
    },
  };
}
