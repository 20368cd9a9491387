import { connect } from 'node:net';

/**
 * Tests that need a real PostgreSQL or Redis server call these helpers.
 *
 * Where the server answers, the tests run. Where it does not, they are skipped with a
 * visible message, unless `CI` is set: CI machines always run both servers, so there a
 * missing server fails the run instead of silently skipping the tests.
 */

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type ServiceName = 'PostgreSQL' | 'Redis';

export interface ServiceStatus {
  available: boolean;
  /** Why it is not available, for the skip message. */
  reason?: string;
}

/** Sends `payload` to host:port and resolves with the first bytes that come back. */
function exchange(host: string, port: number, payload: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => socket.write(payload));
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

/** PostgreSQL answers an SSLRequest with a single byte, 'S' or 'N'. */
export async function probePostgres(url = POSTGRES_URL, timeoutMs = 2000): Promise<ServiceStatus> {
  const { host, port } = hostAndPort(url, 5432);
  const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
  try {
    const answer = await exchange(host, port, sslRequest, timeoutMs);
    const first = String.fromCharCode(answer[0] ?? 0);
    return first === 'S' || first === 'N'
      ? { available: true }
      : { available: false, reason: `${host}:${port} does not speak the PostgreSQL protocol` };
  } catch (error) {
    return { available: false, reason: (error as Error).message };
  }
}

/** Redis answers PING with +PONG (or an authentication error, which still proves it is Redis). */
export async function probeRedis(url = REDIS_URL, timeoutMs = 2000): Promise<ServiceStatus> {
  const { host, port } = hostAndPort(url, 6379);
  try {
    const answer = (await exchange(host, port, Buffer.from('PING\r\n'), timeoutMs)).toString('utf8');
    return answer.startsWith('+PONG') || answer.startsWith('-NOAUTH')
      ? { available: true }
      : { available: false, reason: `${host}:${port} does not speak the Redis protocol` };
  } catch (error) {
    return { available: false, reason: (error as Error).message };
  }
}

/**
 * Decides whether the tests of one service run. Resolves true to run them, false to skip
 * them (after printing why), and throws in CI, where the service is mandatory.
 */
export function decide(service: ServiceName, status: ServiceStatus, ci = isCi()): boolean {
  if (status.available) return true;
  const why = `${service} is not reachable (${status.reason ?? 'unknown reason'})`;
  if (ci) {
    throw new Error(`${why}: CI requires it. Start ${service} or unset CI to skip these tests.`);
  }
  console.warn(`\n  SKIPPED: the ${service} tests, because ${why}.\n`);
  return false;
}

export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** For `describe.runIf(await hasPostgres())(...)`. */
export async function hasPostgres(): Promise<boolean> {
  return decide('PostgreSQL', await probePostgres());
}

/** For `describe.runIf(await hasRedis())(...)`. */
export async function hasRedis(): Promise<boolean> {
  return decide('Redis', await probeRedis());
}
