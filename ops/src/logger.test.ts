import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { createHttpLogger, createLogger, requestIdOf, safeUrl, serializeError } from './logger';

function capture(): {
  lines: () => Record<string, unknown>[];
  raw: () => string;
  stream: { write: (line: string) => void };
} {
  const written: string[] = [];
  return {
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    raw: () => written.join(''),
    stream: { write: (line: string) => written.push(line) },
  };
}

const request = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;

describe('safeUrl', () => {
  it('masks every query value that may carry a secret and keeps the others', () => {
    expect(safeUrl('/auth/callback?code=abc&state=def&iss=x')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(safeUrl('/token?refresh_token=r&client_secret=s&code_verifier=v&grant_type=g')).toBe(
      '/token?refresh_token=[redacted]&client_secret=[redacted]&code_verifier=[redacted]&grant_type=g',
    );
    expect(safeUrl('/v1/tracks?ids=a,b')).toBe('/v1/tracks?ids=a%2Cb');
    expect(safeUrl('/v1/me')).toBe('/v1/me');
    expect(safeUrl(undefined)).toBe('');
  });

  it("masks a service's secret paths, keeping their first group", () => {
    const masking = { secretPaths: [/^(\/login\/email\/)[^/?]+/] };
    expect(safeUrl('/login/email/one-time-token?next=/home', masking)).toBe('/login/email/[redacted]?next=%2Fhome');
    expect(safeUrl('/v1/tracks/abc', masking)).toBe('/v1/tracks/abc');
    // Without the service's patterns, paths are left as they are.
    expect(safeUrl('/login/email/one-time-token')).toBe('/login/email/one-time-token');
  });
});

describe('requestIdOf', () => {
  it('keeps a well-formed incoming request id and replaces anything else', () => {
    expect(requestIdOf(request('abc-123'))).toBe('abc-123');
    expect(requestIdOf(request('evil\n{"level":60}'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request('x'.repeat(129)))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request())).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('createLogger', () => {
  it('writes JSON lines with the service and an ISO time, and masks secret fields wherever they appear', () => {
    const log = capture();
    const logger = createLogger({ level: 'info', service: 'test', destination: log.stream });
    logger.info(
      {
        token: 'tok-1',
        session: { accessToken: 'acc-2', refreshToken: 'ref-3', user: 'u' },
        authorization: 'Bearer b',
      },
      'hello',
    );
    logger.debug('below the level');
    const [line, ...rest] = log.lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      service: 'test',
      msg: 'hello',
      token: '[redacted]',
      authorization: '[redacted]',
      session: { accessToken: '[redacted]', refreshToken: '[redacted]', user: 'u' },
    });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
    for (const secret of ['tok-1', 'acc-2', 'ref-3', 'Bearer b']) expect(log.raw()).not.toContain(secret);
  });

  it('writes errors as their type, message and stack only', () => {
    const log = capture();
    const logger = createLogger({ level: 'info', service: 'test', destination: log.stream });
    const error = Object.assign(new TypeError('it broke'), { response: { body: 'a body with a secret' } });
    logger.error({ err: error }, 'failed');
    expect(log.lines()[0]?.err).toEqual({ type: 'TypeError', message: 'it broke', stack: error.stack });
    expect(log.raw()).not.toContain('a body with a secret');
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain' });
  });
});

describe('createHttpLogger', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(log: ReturnType<typeof capture>): Promise<string> {
    const app = express();
    app.use(
      createHttpLogger(createLogger({ level: 'info', service: 'test', destination: log.stream }), {
        secretPaths: [/^(\/login\/email\/)[^/?]+/],
      }),
    );
    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok' });
    });
    app.get('/fail', (req, res) => {
      req.log.error({ err: new Error('no store') }, 'answering failed');
      res.status(500).json({ error: 'internal' });
    });
    app.get('/{*path}', (_req, res) => {
      res.json({ ok: true });
    });
    server = await listen(app);
    return server.url;
  }

  it('writes one line per request with the request id, masked url and status, never a header', async () => {
    const log = capture();
    const url = await serve(log);
    const response = await fetch(`${url}/login/email/link-token-123?code=c0de-456&page=2`, {
      headers: { 'x-request-id': 'from-the-caller-1', cookie: 'sid=cookie-789', authorization: 'Bearer bearer-abc' },
    });
    expect(response.headers.get('x-request-id')).toBe('from-the-caller-1');
    await fetch(`${url}/healthz`);
    const lines = log.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: 'test',
      req: { id: 'from-the-caller-1', method: 'GET', url: '/login/email/[redacted]?code=[redacted]&page=2' },
      res: { statusCode: 200 },
    });
    for (const secret of ['link-token-123', 'c0de-456', 'cookie-789', 'bearer-abc']) {
      expect(log.raw()).not.toContain(secret);
    }
    expect(log.raw()).not.toMatch(/authorization|cookie/i);
  });

  it("gives the handler's own lines the request id, and writes a failed request at error", async () => {
    const log = capture();
    const url = await serve(log);
    const response = await fetch(`${url}/fail`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'answering failed', req: { id }, err: { message: 'no store' } });
    expect(lines[1]).toMatchObject({ level: 50, req: { id, url: '/fail' }, res: { statusCode: 500 } });
  });
});
