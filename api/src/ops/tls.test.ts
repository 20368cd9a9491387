import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { freePort, repositoryRoot, startService, type ServiceProcess } from '../../../test-support/processes';
import { isCi } from '../../../test-support/services';

/**
 * The scaled deployment's answer to "tokens travel only over https or to a loopback host"
 * (docs/decisions/008-scaled-deployment.md): the music service behind a TLS terminator whose
 * certificate comes from deploy/make-certs.sh, and an api that trusts the deployment's private
 * authority through NODE_EXTRA_CA_CERTS. Without that trust, the api refuses the connection:
 * verification is never turned off.
 */

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!hasOpenssl) {
  if (isCi()) throw new Error('openssl is not installed: CI requires it for the TLS deployment tests.');
  console.warn('\n  SKIPPED: the TLS deployment tests, because openssl is not installed.\n');
}

describe.runIf(hasOpenssl)('the api reaching the music service over TLS with the deployment certificates', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'graphonic-tls-'));
  const certs = join(scratch, 'certs');
  let music: LocalMusic | undefined;
  let tls: Server | undefined;
  let musicUrl = '';
  let token = '';
  const apis: ServiceProcess[] = [];

  beforeAll(async () => {
    const made = spawnSync('sh', [resolve(repositoryRoot, 'deploy/make-certs.sh')], {
      env: { ...process.env, CERT_DIR: certs, APP_HOST: 'localhost', MUSIC_PUBLIC_HOST: 'music.localhost' },
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    // A second run keeps what is there.
    expect(
      spawnSync('sh', [resolve(repositoryRoot, 'deploy/make-certs.sh')], {
        env: { ...process.env, CERT_DIR: certs },
        encoding: 'utf8',
      }).stdout,
    ).toMatch(/kept/);

    // The TLS terminator in front of the music service, as the proxy is in the deployment.
    const terminate = async (plainUrl: string): Promise<string> => {
      const target = new URL(plainUrl);
      const terminator = createHttpsServer(
        { key: readFileSync(join(certs, 'server.key')), cert: readFileSync(join(certs, 'server.crt')) },
        (req, res) => {
          const upstream = request(
            { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          upstream.on('error', () => res.destroy());
          req.pipe(upstream);
        },
      );
      tls = terminator;
      await new Promise<void>((done) => terminator.listen(0, '127.0.0.1', done));
      return `https://localhost:${(terminator.address() as AddressInfo).port}`;
    };
    music = await startLocalMusic({ catalog: false, publicUrl: terminate });
    musicUrl = music.config.publicUrl;
    token = await music.listenerToken('secure', ['user-read-private'], { ttlSeconds: 600 });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await new Promise<void>((done) => {
      tls?.closeAllConnections();
      if (tls) tls.close(() => done());
      else done();
    });
    await music?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function startApi(trustDeploymentAuthority: boolean): Promise<string> {
    const port = await freePort();
    const api = startService('api/src/main.ts', [], {
      NODE_ENV: 'test',
      PORT: String(port),
      MUSIC_API_URL: `${musicUrl}/v1`,
      MUSIC_ACCOUNTS_URL: musicUrl,
      SESSION_DIR: join(scratch, `sessions-${port}`),
      WEB_DIST: join(scratch, 'no-web'),
      LOG_LEVEL: 'silent',
      NODE_EXTRA_CA_CERTS: trustDeploymentAuthority ? join(certs, 'ca.crt') : undefined,
    });
    apis.push(api);
    const url = `http://127.0.0.1:${port}`;
    await api.ready(`${url}/healthz`);
    return url;
  }

  async function me(apiUrl: string): Promise<unknown> {
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    return response.json();
  }

  it('serves a signed-in request through verified https when the api trusts the deployment authority', async () => {
    const apiUrl = await startApi(true);
    expect(await me(apiUrl)).toEqual({ data: { me: { id: 'secure' } } });
    expect(await (await fetch(`${apiUrl}/readyz`)).json()).toMatchObject({ checks: { upstream: 'ok' } });
  }, 60_000);

  it('refuses the same service when the certificate does not verify', async () => {
    const apiUrl = await startApi(false);
    const answer = (await me(apiUrl)) as { errors?: { extensions?: { code?: string } }[] };
    expect(answer.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  }, 60_000);
});
