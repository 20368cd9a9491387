import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { accountsUsage } from './accounts/commands';
import type { AdminSocket } from './admin/socket';
import type { StoreCommand } from './admin/store-commands';
import { catalogUsage } from './catalog/commands';
import type { MusicConfig } from './config';

/*
 * Each command loads what it runs and no more: `help` and a mistyped command answer without loading the store or
 * the server, a store command loads the store but not the server, and `serve` loads everything.
 */

const usage = `Usage: npm run music -- <command> [options]

Commands:
  serve       Start the local music service (MUSIC_HOST:MUSIC_PORT, default 127.0.0.1:4100)
${catalogUsage}
${accountsUsage}
  help        Show this message

The store commands (seed, users add, clients add, token) also work while \`serve\` runs. On the embedded
database they run in the service, through the administration socket in its data folder, which only the
folder's owner may use; on PostgreSQL (DATABASE_URL) they use the database directly.`;

/** Prints a failure whose message is for the person who typed the command; the command then exits with 1. */
function refuse(message: string): number {
  console.error(`Graphonic music service: ${message}`);
  return 1;
}

/** The configuration from the environment; undefined once what is wrong with it has been printed. */
async function configuration(): Promise<MusicConfig | undefined> {
  const { loadMusicConfig, MusicConfigError } = await import('./config');
  try {
    return loadMusicConfig();
  } catch (error) {
    if (!(error instanceof MusicConfigError)) throw error;
    refuse(error.message);
    return undefined;
  }
}

/** Runs one store command and prints its output (admin/store-commands.ts). */
async function storeCommand(command: StoreCommand, args: string[]): Promise<number> {
  const config = await configuration();
  if (!config) return 1;
  const { isStoreCommandFailure, runStoreCommand } = await import('./admin/store-commands');
  try {
    console.log(await runStoreCommand(config, command, args, { onProgress: (line) => console.error(line) }));
    return 0;
  } catch (error) {
    if (!isStoreCommandFailure(error)) throw error;
    return refuse(error.message);
  }
}

async function serve(): Promise<number> {
  const config = await configuration();
  if (!config) return 1;
  const [{ handleShutdown }, { serveStoreCommands }, { createLogger }, { startMusicService }] = await Promise.all([
    import('@graphonic/ops'),
    import('./admin/store-commands'),
    import('./ops/logger'),
    import('./service'),
  ]);
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
    // What no command expected keeps its stack for the report.
    console.error(error);
    process.exit(1);
  },
);
