import type { Logger } from 'pino';
import { checkAccountsArgs, clientAddCommand, tokenCommand, userAddCommand } from '../accounts/commands';
import { AccountError, registerConfiguredClient } from '../accounts/service';
import { parseSeedArgs, seedCommand, SeedCommandError } from '../catalog/commands';
import type { MusicConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate, MigrationError } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import {
  AdminSocketError,
  openAdminSocket,
  sendAdminRequest,
  type AdminCommand,
  type AdminSocket,
  type SendOptions,
} from './socket';

/**
 * The command line's store commands (`seed`, `users add`, `clients add`, `token`), wherever
 * they run: on a store the command opens itself, or in the `serve` process that holds the
 * embedded store's data folder, through its administration socket.
 */

export type StoreCommand = AdminCommand;

/** A store command's own refusal (bad options, a taken id, an unknown scope …): its message is for the user. */
export function isCommandRefusal(error: unknown): error is AccountError | SeedCommandError {
  return error instanceof AccountError || error instanceof SeedCommandError;
}

/**
 * A store command's failure whose message is for the person who typed the command: its own refusal, a data folder
 * another process holds, a store whose migrations cannot run, or what the serving process answered.
 */
export function isStoreCommandFailure(error: unknown): error is Error {
  return (
    isCommandRefusal(error) ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationError ||
    error instanceof StoreCommandError
  );
}

/**
 * Runs one store command on an open, migrated store and resolves with what to print. The
 * password cost, the configured client and the token lifetime come from `config`: when a
 * command runs in the service, the service's.
 */
export function runOnStore(
  db: Database,
  command: StoreCommand,
  args: string[],
  config: MusicConfig,
  onProgress?: (line: string) => void,
): Promise<string> {
  switch (command) {
    case 'seed':
      return seedCommand(db, args, onProgress);
    case 'users add':
      return userAddCommand(db, args, { passwordCost: config.passwordCost });
    case 'clients add':
      return clientAddCommand(db, args);
    case 'token':
      return tokenCommand(db, args, { clientId: config.client.id, ttlSeconds: config.accessTokenTtl });
  }
}

/**
 * Refuses what a store command's arguments alone show to be wrong, with the command's own error, before any store
 * is opened: a typing mistake neither creates a data folder nor waits for a store to start.
 */
export function checkStoreCommand(command: StoreCommand, args: string[]): void {
  if (command === 'seed') parseSeedArgs(args);
  else checkAccountsArgs(command, args);
}

/**
 * A store command that went through the administration socket and did not succeed: the
 * command's own refusal (code `COMMAND_REFUSED`, its message as the command wrote it), or why
 * the process holding the data folder could not run it.
 */
export class StoreCommandError extends Error {
  constructor(
    readonly code: AdminSocketError['code'],
    message: string,
  ) {
    super(message);
    this.name = 'StoreCommandError';
  }
}

export interface RunOptions {
  /** Progress lines of a long command (seeding), for stderr. */
  onProgress?: (line: string) => void;
  /** For the administration socket's client (tests pass another user id). */
  socket?: SendOptions;
}

/**
 * Runs a store command as `npm run music -- <command>` does: on the store the configuration
 * names, opened for this command alone; or, when a live process holds the embedded store's
 * data folder, through that process's administration socket. Either way the output is the
 * same, and so is a refusal (the same `AccountError` or `SeedCommandError` message).
 */
export async function runStoreCommand(
  config: MusicConfig,
  command: StoreCommand,
  args: string[],
  options: RunOptions = {},
): Promise<string> {
  checkStoreCommand(command, args);
  let db: Database;
  try {
    db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return runThroughSocket(error, command, args, options.socket);
  }
  try {
    await migrate(db);
    // The api's client exists as soon as the store does, so `token` works before the first `serve`.
    if (command !== 'seed') await registerConfiguredClient(db, config.client);
    return await runOnStore(db, command, args, config, options.onProgress);
  } finally {
    await db.close();
  }
}

async function runThroughSocket(
  locked: DataDirLockedError,
  command: StoreCommand,
  args: string[],
  options: SendOptions | undefined,
): Promise<string> {
  try {
    return await sendAdminRequest(locked.dataDir, { command, args }, options);
  } catch (error) {
    if (!(error instanceof AdminSocketError)) throw error;
    // The command's own refusal reads as it does when the command runs on its own.
    if (error.code === 'COMMAND_REFUSED') throw new StoreCommandError(error.code, error.message);
    const holder = `The data folder ${locked.dataDir} is in use by process ${locked.pid}`;
    if (error.code === 'NO_ADMIN_SOCKET') {
      throw new StoreCommandError(
        error.code,
        `${holder}, which serves no administration socket: it is another command (wait for it to end), ` +
          'or a service still starting (try again once it listens), or a service that could not open the socket ' +
          '(its log says why). Stop that process or use another MUSIC_DATA_DIR.',
      );
    }
    throw new StoreCommandError(
      error.code,
      `${holder}, and its administration socket cannot be used: ${error.message}`,
    );
  }
}

/**
 * Opens the administration socket for the `serve` process holding the embedded store's data
 * folder. The service runs without it, with a warning, when the folder fails its checks.
 */
export async function serveStoreCommands(
  db: Database,
  config: MusicConfig,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: { uid?: number; requestTimeoutMs?: number } = {},
): Promise<AdminSocket | undefined> {
  try {
    const socket = await openAdminSocket({
      dataDir: config.dataDir,
      run: ({ command, args }) => runOnStore(db, command, args, config),
      isRefusal: isCommandRefusal,
      logger,
      ...options,
    });
    logger.info({ path: socket.path }, 'administration socket open');
    return socket;
  } catch (error) {
    if (!(error instanceof AdminSocketError)) throw error;
    logger.warn(
      { code: error.code },
      `administration socket not opened: ${error.message} The store commands cannot run while this service runs.`,
    );
    return undefined;
  }
}
