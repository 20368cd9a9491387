import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Logger } from 'pino';
import { listen } from '../../../test-support/http';
import { openMigratedMemoryDatabase } from '../db/migrate';
import type { Database } from '../db/types';
import { errorHandler, unknownEndpoint } from '../errors';
import { createHttpLogger, createLogger } from '../ops/logger';
import { testPasswordCost } from './crypto';
import type { Mailer } from './mail';
import { authenticate, getAuth, requireScopes, requireUser } from './middleware';
import { createAccountsRouter, type AccountsConfig } from './routes';
import type { KeyRotation } from './signing-keys';

/** Test support: the accounts router on a real loopback server, with a clock the test moves. */

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export interface AccountsHarness {
  db: Database;
  /** The server's URL, which is also the issuer. */
  url: string;
  clock: Clock;
  /** Waits for the work the router does after answering (sending sign-in links). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: AccountsConfig['env'];
  accessTokenTtl?: number;
  /** Overrides the issuer (cookies are Secure when it is https). */
  publicUrl?: string;
  mailer?: Mailer;
  smtpUrl?: string;
  /** An open, migrated database to share; otherwise one is opened, and closed with the harness. */
  db?: Database;
  /** Where the router logs (errors only, to stdout, by default). */
  logger?: Logger;
  /** When ID token signing keys are replaced (a month by default). */
  keyRotation?: KeyRotation;
}

/**
 * Express with the app's parsers, the accounts router, three music v1 routes behind the
 * middleware, and the app's 404 and error handlers. `trust proxy` lets a test speak from a
 * network address of its own with `X-Forwarded-For`.
 */
export async function startAccounts(options: HarnessOptions = {}): Promise<AccountsHarness> {
  const ownDb = options.db === undefined;
  const db = options.db ?? (await openMigratedMemoryDatabase());
  const clock: Clock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const now = () => clock.now;
  const tasks = new Set<Promise<void>>();
  // The app needs the server's URL (its issuer), so the server starts first and waits for it.
  const holder: { app?: express.Express } = {};
  const server = await listen((req, res) => {
    if (holder.app) holder.app(req, res);
    else res.writeHead(503).end();
  });
  const config: AccountsConfig = {
    env: options.env ?? 'test',
    publicUrl: options.publicUrl ?? server.url,
    accessTokenTtl: options.accessTokenTtl ?? 3600,
    // Cheap hashes keep the tests fast; the tests' own users are created with the same cost.
    passwordCost: testPasswordCost,
    smtpUrl: options.smtpUrl,
    mailFrom: 'Graphonic <no-reply@graphonic.test>',
  };
  const built = express();
  built.disable('x-powered-by');
  built.set('trust proxy', 'loopback');
  const logger = options.logger ?? createLogger({ level: 'error', service: 'music' });
  built.use(createHttpLogger(logger));
  built.use(express.json());
  built.use(
    createAccountsRouter({
      db,
      config,
      logger,
      now,
      pruneEveryMs: 0,
      onBackgroundTask: (task) => {
        tasks.add(task);
        void task.finally(() => tasks.delete(task));
      },
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.keyRotation ? { keyRotation: options.keyRotation } : {}),
    }),
  );
  const v1 = express.Router();
  v1.use(authenticate(db, { now }));
  v1.get('/any', (_req, res) => {
    const auth = getAuth(res);
    res.json({ userId: auth.userId, clientId: auth.clientId, scopes: [...auth.scopes].sort() });
  });
  v1.get('/me', requireUser, (_req, res) => {
    res.json({ id: getAuth(res).userId });
  });
  v1.get('/me/email', requireUser, requireScopes('user-read-private', 'user-read-email'), (_req, res) => {
    res.json({ ok: true });
  });
  built.use('/v1', v1);
  built.use(unknownEndpoint);
  built.use(errorHandler);
  holder.app = built;
  return {
    db,
    url: server.url,
    clock,
    async settled() {
      while (tasks.size > 0) await Promise.all(tasks);
    },
    async close() {
      await server.close();
      if (ownDb) await db.close();
    },
  };
}

/** One browser: its cookies, its network address, and manual redirects so a test sees each step. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    readonly address = '203.0.113.1',
  ) {}

  async get(path: string): Promise<Response> {
    return this.fetch(path);
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        'x-forwarded-for': this.address,
        ...(cookie ? { cookie } : {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=thu, 01 jan 1970/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The value of the first hidden field `name` in a page. */
export function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (match?.[1] === undefined) throw new Error(`No ${name} field in the page`);
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers, a blank line, the body. */
  data: string;
}

export interface SmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** A minimal SMTP server on loopback that keeps what it receives: enough for nodemailer. */
export async function startSmtpServer(): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 127.0.0.1 ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK: queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') reply('250-127.0.0.1\r\n250 8BITMIME');
        else if (command === 'HELO') reply('250 127.0.0.1');
        else if (command === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (command === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
