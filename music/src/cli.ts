import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { accountsUsage } from './accounts/commands';
import { AccountError } from './accounts/service';
import type { AdminSocket } from './admin/socket';
import { runStoreCommand, serveStoreCommands, StoreCommandError, type StoreCommand } from './admin/store-commands';
import { catalogUsage, SeedCommandError } from './catalog/commands';
import { loadMusicConfig, MusicConfigError } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { MigrationError } from './db/migrate';
import { createLogger } from './ops/logger';
import { handleShutdown } from '@graphonic/ops';
import { startMusicService } from './service';

const usage = `Usage: npm run music -- <command> [options]

Commands:
  serve       Start the local music service (MUSIC_HOST:MUSIC_PORT, default 127.0.0.1:4100)
${catalogUsage}
${accountsUsage}
  help        Show this message

The store commands (seed, users add, clients add, token) also work while \`serve\` runs. On the embedded
database they run in the service, through the administration socket in its data folder, which only the
folder's owner may use; on PostgreSQL (DATABASE_URL) they use the database directly.`;

/** Runs one store command and prints its output (admin/store-commands.ts). */
async function storeCommand(command: StoreCommand, args: string[]): Promise<number> {
  const config = loadMusicConfig();
  console.log(await runStoreCommand(config, command, args, { onProgress: (line) => console.error(line) }));
  return 0;
}

async function serve(): Promise<number> {
  const config = loadMusicConfig();
  const logger = createLogger({ level: config.logLevel, service: 'music' });
  let admin: AdminSocket | undefined;
  try {
    const service = await startMusicService(config, { log: (line) => logger.info(line), logger });
    // The store commands of other processes run here while this one holds the embedded store's folder.
    admin = config.databaseUrl ? undefined : await serveStoreCommands(service.db, config, logger);
    const close = async () => {
      // Commands already running through the socket finish before the store closes.
      await admin?.close();
      await service.close();
    };
    const server = createServer(service.app);
    const shutdown = handleShutdown({ server, logger, timeoutMs: config.shutdownTimeoutMs, close });
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
    await admin?.close();
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false });
  const [command = 'help'] = positionals;
  switch (command) {
    case 'serve':
      return serve();
    case 'seed':
      return storeCommand('seed', argv.slice(1));
    case 'user':
    case 'users':
    case 'client':
    case 'clients': {
      const [, action, ...rest] = argv;
      if (action !== 'add') {
        console.error(`Unknown command "${command} ${action ?? ''}".\n\n${usage}`);
        return 2;
      }
      return storeCommand(command.startsWith('user') ? 'users add' : 'clients add', rest);
    }
    case 'token':
      return storeCommand('token', argv.slice(1));
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
      error instanceof SeedCommandError ||
      error instanceof StoreCommandError;
    console.error(known ? `Graphonic music service: ${error.message}` : error);
    process.exit(1);
  },
);
