/**
 * `npm run bench:assets -w api` (and part of `npm run bench -w api`): what the api spends to send the built web
 * client's files. A server process of its own serves `web/dist` through the api's own router; this process asks it
 * for every script and style sheet of the client, as a browser does (`Accept-Encoding: gzip, deflate, br, zstd`),
 * ASSET_ROUNDS times (30) after one round to warm up.
 *
 * It prints the server's processor time per round (all the files once: more than a page load asks for) and per
 * request, and the bytes sent per round. Needs the client built (`npm run build -w web`).
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import express from 'express';
import { webClientRouter } from '../src/web-client';

const webDist = resolve(import.meta.dirname, '../../web/dist');
const rounds = Number(process.env.ASSET_ROUNDS ?? 30);

type FromServer = { port: number } | { cpuMs: number };

function serve(): void {
  const server = express()
    .use(webClientRouter(webDist))
    .listen(0, '127.0.0.1', () => {
      process.send?.({ port: (server.address() as AddressInfo).port } satisfies FromServer);
    });
  let started = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'start') started = process.cpuUsage();
    if (message === 'stop') {
      const used = process.cpuUsage(started);
      process.send?.({ cpuMs: (used.user + used.system) / 1000 } satisfies FromServer, () => {
        server.close();
        process.disconnect();
      });
    }
  });
}

function get(port: number, path: string): Promise<number> {
  return new Promise((done, fail) => {
    request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('end', () => {
        if (answer.statusCode === 200) done(bytes);
        else fail(new Error(`${path} answered ${String(answer.statusCode)}`));
      });
    })
      .on('error', fail)
      .end();
  });
}

async function measure(): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    console.log('assets: the web client is not built; run `npm run build -w web` first.');
    return;
  }
  const files = readdirSync(join(webDist, 'assets')).filter((name) => /\.(?:js|css)$/.test(name));
  const server = fork(import.meta.filename, ['serve'], { execArgv: ['--import', 'tsx'] });
  const next = (): Promise<FromServer> => new Promise((answer) => server.once('message', answer));
  const ready = await next();
  if (!('port' in ready)) throw new Error('The server did not say its port.');
  const round = async (): Promise<number> => {
    let bytes = 0;
    for (const file of files) bytes += await get(ready.port, `/assets/${file}`);
    return bytes;
  };
  await round();
  server.send('start');
  let bytes = 0;
  for (let done = 0; done < rounds; done += 1) bytes = await round();
  server.send('stop');
  const used = await next();
  if (!('cpuMs' in used)) throw new Error('The server did not say its processor time.');
  const perRound = used.cpuMs / rounds;
  console.log(
    `assets: ${String(files.length)} scripts and style sheets, ${String(rounds)} rounds: ` +
      `${perRound.toFixed(1)} ms of the server's processor time per round ` +
      `(${((perRound / files.length) * 1000).toFixed(0)} µs per request), ${(bytes / 1024).toFixed(0)} KiB sent per round`,
  );
}

if (process.argv[2] === 'serve') serve();
else await measure();
