import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { accountsUsage, clientAddCommand, tokenCommand, userAddCommand } from './accounts/commands';
import { AccountError, registerConfiguredClient } from './accounts/service';
import { catalogUsage, seedCommand, SeedCommandError } from './catalog/commands';
import { loadMusicConfig, MusicConfigError } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate, MigrationError } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { createLogger } from './ops/logger';
import { handleShutdown } from '@graphonic/ops';
import { startMusicService } from './service';

const usage = `Usage: npm run music -- <command> [options]

Commands:
  serve       Start the local music service (MUSIC_HOST:MUSIC_PORT, default 127.0.0.1:4100)
${catalogUsage}
${accountsUsage}
  help        Show this message

The account commands use the service's store; stop \`serve\` first when it runs on the embedded database.`;

/** Runs one command against the store, after bringing its schema up to date. */
async function withDatabase(run: (db: Database) => Promise<string>): Promise<void> {
  const config = loadMusicConfig();
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db);
    // The api's client exists as soon as the store does, so `token` works before the first `serve`.
    await registerConfiguredClient(db, config.client);
    console.log(await run(db));
  } finally {
    await db.close();
  }
}

async function serve(): Promise<number> {
  const config = loadMusicConfig();
  const logger = createLogger({ level: config.logLevel, service: 'music' });
  try {
    const service = await startMusicService(config, { log: (line) => logger.info(line), logger });
    const server = createServer(service.app);
    const shutdown = handleShutdown({ server, logger, timeoutMs: config.shutdownTimeoutMs, close: service.close });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host}:${port}`;
    logger.info({ url }, `Graphonic music service listening on ${url}`);
    // An event stream never finishes by itself: they end first, and their clients reconnect elsewhere.
    const stop = (signal: string) => {
      service.endStreams();
      void shutdown(signal);
    };
    // `on`, not `once`: a second signal during the shutdown must not end the process before it is done.
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    return 0;
  } catch (error) {
    // Once the service has a log, its failures go there, masked like every other line.
    logger.fatal({ err: error }, 'the music service could not start');
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false });
  const [command = 'help'] = positionals;
  switch (command) {
    case 'serve':
      return serve();
    case 'seed': {
      const config = loadMusicConfig();
      const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
      try {
        await migrate(db);
        console.log(await seedCommand(db, argv.slice(1), (line) => console.error(line)));
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'user':
    case 'users':
    case 'client':
    case 'clients': {
      const [, action, ...rest] = argv;
      if (action !== 'add') {
        console.error(`Unknown command "${command} ${action ?? ''}".\n\n${usage}`);
        return 2;
      }
      const { passwordCost } = loadMusicConfig();
      await withDatabase((db) =>
        command.startsWith('user') ? userAddCommand(db, rest, { passwordCost }) : clientAddCommand(db, rest),
      );
      return 0;
    }
    case 'token': {
      const config = loadMusicConfig();
      await withDatabase((db) =>
        tokenCommand(db, argv.slice(1), { clientId: config.client.id, ttlSeconds: config.accessTokenTtl }),
      );
      return 0;
    }
    case 'help':
      console.log(usage);
      return 0;
    default:
      console.error(`Unknown command "${command}".\n\n${usage}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    // Known failures get their message alone; anything else keeps its stack for the report.
    const known =
      error instanceof MusicConfigError ||
      error instanceof MigrationError ||
      error instanceof DataDirLockedError ||
      error instanceof AccountError ||
      error instanceof SeedCommandError;
    console.error(known ? `Graphonic music service: ${error.message}` : error);
    process.exit(1);
  },
);
