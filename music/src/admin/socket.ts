import { chmod, lstat, stat, unlink } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';

/**
 * The administration socket: while `serve` runs on the embedded database it holds the data
 * folder's lock, so the store commands of the command line (`users add`, `token` …) ask it to
 * run them instead of opening the store themselves.
 *
 * A Unix domain socket in the data folder, usable by the folder's owner only: the socket file
 * is created with mode 0600 (the kernel refuses to connect anyone else), and both ends refuse a
 * folder that someone else owns or may write to, where the socket could be swapped for another.
 *
 * The protocol is one exchange per connection, each side sending one line of JSON:
 *
 *   → {"version":1,"command":"users add","args":["--id","ana","--password","…"]}
 *   ← {"ok":true,"output":"Created user ana (account id …)."}
 *   ← {"ok":false,"error":{"code":"COMMAND_REFUSED","message":"The user id ana is already taken."}}
 */

export const ADMIN_SOCKET_FILE = 'graphonic-admin.sock';
export const ADMIN_PROTOCOL_VERSION = 1;
/** The commands the socket runs: the command line's store commands. */
export const adminCommands = ['seed', 'users add', 'clients add', 'token'] as const;
export type AdminCommand = (typeof adminCommands)[number];

export interface AdminRequest {
  command: AdminCommand;
  args: string[];
}

/** A request's JSON is small: a few options. Anything larger is refused before it is parsed. */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** An answer is a command's output: at most a token's JSON or a client's secret. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/**
 * A `sockaddr_un` path holds 108 bytes on Linux and 104 on macOS and the BSDs, the final NUL
 * included; a longer path would be cut short, so the socket is not opened at all.
 */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Every failure has a stable code. The server answers the first six; the client reports the
 * others itself.
 */
export type AdminErrorCode =
  // Answered by the server.
  | 'BAD_REQUEST'
  | 'REQUEST_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'UNSUPPORTED_VERSION'
  | 'UNKNOWN_COMMAND'
  | 'COMMAND_REFUSED'
  | 'COMMAND_FAILED'
  // Found before or instead of an answer.
  | 'NO_ADMIN_SOCKET'
  | 'NOT_OWNER'
  | 'UNSAFE_FOLDER'
  | 'UNSAFE_SOCKET'
  | 'SOCKET_PATH_TAKEN'
  | 'SOCKET_PATH_TOO_LONG'
  | 'UNSUPPORTED_PLATFORM'
  | 'NO_ANSWER'
  | 'BAD_ANSWER';

export class AdminSocketError extends Error {
  constructor(
    readonly code: AdminErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AdminSocketError';
  }
}

type Answer = { ok: true; output: string } | { ok: false; error: { code: AdminErrorCode; message: string } };

/** The socket's path in `dataDir`. */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET_FILE);
}

function currentUid(): number {
  const uid = process.getuid?.();
  if (uid === undefined) {
    throw new AdminSocketError('UNSUPPORTED_PLATFORM', 'The administration socket needs a Unix system.');
  }
  return uid;
}

/**
 * Refuses a data folder that is not `uid`'s or that others may write to: whoever can write to
 * the folder can replace the socket with their own and read the passwords sent to it.
 */
async function checkFolder(dataDir: string, uid: number): Promise<void> {
  const folder = await stat(dataDir);
  if (!folder.isDirectory()) throw new AdminSocketError('UNSAFE_FOLDER', `${dataDir} is not a folder.`);
  if (folder.uid !== uid) {
    throw new AdminSocketError(
      'NOT_OWNER',
      `The data folder ${dataDir} belongs to user id ${folder.uid}, not to you (user id ${uid}): run the command as the user that runs the service.`,
    );
  }
  if ((folder.mode & 0o022) !== 0) {
    throw new AdminSocketError(
      'UNSAFE_FOLDER',
      `The data folder ${dataDir} may be written by other users (mode ${(folder.mode & 0o777).toString(8)}), who could replace its administration socket: make it writable by its owner only (chmod go-w).`,
    );
  }
}

function checkPathLength(path: string): void {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new AdminSocketError(
      'SOCKET_PATH_TOO_LONG',
      `The administration socket's path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, the most a Unix socket's path may hold: use a shorter MUSIC_DATA_DIR.`,
    );
  }
}

/** Reads one request line; anything that is not a request gets its code. */
export function parseAdminRequest(line: string): AdminRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AdminSocketError('BAD_REQUEST', 'The request is not JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AdminSocketError('BAD_REQUEST', 'The request is not a JSON object.');
  }
  const { version, command, args } = value as Record<string, unknown>;
  if (version !== ADMIN_PROTOCOL_VERSION) {
    throw new AdminSocketError(
      'UNSUPPORTED_VERSION',
      `This service speaks version ${ADMIN_PROTOCOL_VERSION} of the administration protocol, not ${JSON.stringify(version ?? null)}: run the command line of the same installation as the service.`,
    );
  }
  if (typeof command !== 'string' || !(adminCommands as readonly string[]).includes(command)) {
    throw new AdminSocketError(
      'UNKNOWN_COMMAND',
      `Unknown command ${JSON.stringify(command ?? null)}; the administration socket runs ${adminCommands.join(', ')}.`,
    );
  }
  if (!Array.isArray(args) || !args.every((arg): arg is string => typeof arg === 'string')) {
    throw new AdminSocketError('BAD_REQUEST', '"args" must be a list of strings.');
  }
  return { command: command as AdminCommand, args };
}

export interface AdminSocketOptions {
  /** The data folder the calling process holds the lock of. */
  dataDir: string;
  /** Runs one command and resolves with its output. */
  run: (request: AdminRequest) => Promise<string>;
  /** Whether a failure is the command's own refusal, whose message is for the person who typed it. */
  isRefusal: (error: unknown) => boolean;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The user the folder must belong to (this process's by default; tests pass another). */
  uid?: number;
  /** How long a connection may take to send its request. */
  requestTimeoutMs?: number;
}

export interface AdminSocket {
  path: string;
  /** Stops accepting, waits for the commands that are running, and removes the socket file. */
  close: () => Promise<void>;
}

/**
 * Opens the administration socket of `dataDir`, whose lock the caller holds: a socket file
 * already there was left by a process that ended without closing it, and is replaced.
 */
export async function openAdminSocket(options: AdminSocketOptions): Promise<AdminSocket> {
  const uid = options.uid ?? currentUid();
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const path = adminSocketPath(options.dataDir);
  checkPathLength(path);
  await checkFolder(options.dataDir, uid);
  await removeStaleSocket(path);

  /** Connections still sending their request: closing the socket ends them; running commands finish. */
  const waiting = new Set<Socket>();
  // Half-open: a client may end its side once it has sent its request and still read the answer.
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    waiting.add(connection);
    connection.once('close', () => waiting.delete(connection));
    serveConnection(connection, options, requestTimeoutMs, () => waiting.delete(connection));
  });
  // One person at a keyboard, or a deployment script: a handful at once is plenty.
  server.maxConnections = 16;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created by the bind, inside `listen`, with the process's umask: a
    // umask of 0177 makes it 0600 from its first instant, before anyone could connect to it.
    // (Worker threads may not change the umask; the chmod below then closes the gap.)
    const previous = setUmask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      if (previous !== undefined) setUmask(previous);
    }
  });
  // Only the owner may connect: the kernel checks write permission on the socket file.
  await chmod(path, 0o600);
  server.on('error', (error) => {
    options.logger.error({ err: error }, 'the administration socket failed');
  });

  let closing: Promise<void> | undefined;
  return {
    path,
    close() {
      closing ??= new Promise<void>((resolve) => {
        // `close` removes the socket file and resolves once the running commands have answered.
        server.close(() => resolve());
        for (const connection of waiting) connection.destroy();
      });
      return closing;
    },
  };
}

function setUmask(mask: number): number | undefined {
  try {
    return process.umask(mask);
  } catch {
    return undefined;
  }
}

async function removeStaleSocket(path: string): Promise<void> {
  let found;
  try {
    found = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!found.isSocket()) {
    throw new AdminSocketError(
      'SOCKET_PATH_TAKEN',
      `${path} exists and is not a socket; it is not the service's to remove: move it away.`,
    );
  }
  await unlink(path);
}

function serveConnection(
  connection: Socket,
  options: AdminSocketOptions,
  requestTimeoutMs: number,
  received: () => void,
): void {
  let buffered = '';
  let done = false;

  const answer = (value: Answer) => {
    // A client that keeps its side open after the answer is let go of after the same time.
    connection.setTimeout(requestTimeoutMs);
    connection.end(`${JSON.stringify(value)}\n`);
  };
  const refuse = (code: AdminErrorCode, message: string) => {
    options.logger.warn({ code }, 'administration request refused');
    answer({ ok: false, error: { code, message } });
  };

  const handle = (line: string) => {
    done = true;
    received();
    connection.setTimeout(0);
    let request: AdminRequest;
    try {
      request = parseAdminRequest(line);
    } catch (error) {
      const { code, message } = error as AdminSocketError;
      refuse(code, message);
      return;
    }
    void runRequest(request, options).then(answer);
  };

  connection.setEncoding('utf8');
  connection.on('timeout', () => {
    if (done) {
      connection.destroy();
      return;
    }
    done = true;
    received();
    refuse('REQUEST_TIMEOUT', `No request arrived within ${requestTimeoutMs} ms.`);
  });
  connection.setTimeout(requestTimeoutMs);
  connection.on('data', (chunk: string) => {
    if (done) return;
    buffered += chunk;
    const end = buffered.indexOf('\n');
    const line = end === -1 ? buffered : buffered.slice(0, end);
    if (Buffer.byteLength(line) > MAX_REQUEST_BYTES) {
      done = true;
      received();
      refuse('REQUEST_TOO_LARGE', `A request holds at most ${MAX_REQUEST_BYTES} bytes.`);
      return;
    }
    if (end !== -1) handle(line);
  });
  // A client that ends its side without a newline has sent its whole request.
  connection.on('end', () => {
    if (!done) handle(buffered);
  });
  // A client that goes away is no reason to stop the service.
  connection.on('error', () => undefined);
}

async function runRequest(request: AdminRequest, options: AdminSocketOptions): Promise<Answer> {
  const started = performance.now();
  // The command's name only: its arguments may hold a password.
  const log = { command: request.command };
  try {
    const output = await options.run(request);
    options.logger.info({ ...log, ms: Math.round(performance.now() - started) }, 'administration command');
    return { ok: true, output };
  } catch (error) {
    if (options.isRefusal(error)) {
      options.logger.info({ ...log, code: 'COMMAND_REFUSED' }, 'administration command refused');
      return { ok: false, error: { code: 'COMMAND_REFUSED', message: (error as Error).message } };
    }
    options.logger.error({ ...log, err: error }, 'administration command failed');
    return {
      ok: false,
      error: {
        code: 'COMMAND_FAILED',
        message: `The command failed in the service (process ${process.pid}); its log says why.`,
      },
    };
  }
}

export interface SendOptions {
  /** The user the folder and the socket must belong to (this process's by default). */
  uid?: number;
  /** How long to wait for the answer: a command may hash a password at production cost. */
  timeoutMs?: number;
}

/**
 * Sends one request to the administration socket of `dataDir` and resolves with the command's
 * output; rejects with an `AdminSocketError` carrying the service's code, or the client's own
 * (`NO_ADMIN_SOCKET` when nothing listens there).
 */
export async function sendAdminRequest(
  dataDir: string,
  request: AdminRequest,
  options: SendOptions = {},
): Promise<string> {
  const uid = options.uid ?? currentUid();
  const path = adminSocketPath(dataDir);
  checkPathLength(path);
  await checkFolder(dataDir, uid);
  await checkSocketFile(path, uid);
  const text = await exchange(path, `${JSON.stringify({ version: ADMIN_PROTOCOL_VERSION, ...request })}\n`, options);
  return readAnswer(text);
}

const noSocket = (path: string, why: string) =>
  new AdminSocketError('NO_ADMIN_SOCKET', `No service answers at ${path}: ${why}.`);

/** The passwords in a request go only to a socket of the same owner, which only that owner may use. */
async function checkSocketFile(path: string, uid: number): Promise<void> {
  let found;
  try {
    found = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw noSocket(path, 'there is no socket');
    throw error;
  }
  if (!found.isSocket()) throw new AdminSocketError('SOCKET_PATH_TAKEN', `${path} is not a socket.`);
  if (found.uid !== uid) {
    throw new AdminSocketError(
      'NOT_OWNER',
      `The administration socket ${path} belongs to user id ${found.uid}, not to you (user id ${uid}): run the command as the user that runs the service.`,
    );
  }
  if ((found.mode & 0o077) !== 0) {
    throw new AdminSocketError(
      'UNSAFE_SOCKET',
      `The administration socket ${path} may be used by other users (mode ${(found.mode & 0o777).toString(8)}); the service makes it 0600. Restart the service.`,
    );
  }
}

function exchange(path: string, request: string, options: SendOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let received = '';
    let failed = false;
    const fail = (error: AdminSocketError) => {
      failed = true;
      socket.destroy();
      reject(error);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      fail(new AdminSocketError('NO_ANSWER', `The service at ${path} did not answer within ${timeoutMs} ms.`));
    });
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (Buffer.byteLength(received) > MAX_ANSWER_BYTES) {
        fail(
          new AdminSocketError('BAD_ANSWER', `The service at ${path} answered more than ${MAX_ANSWER_BYTES} bytes.`),
        );
      }
    });
    socket.once('end', () => {
      if (!failed) resolve(received);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (failed) return;
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') {
        fail(noSocket(path, 'the socket was left by a service that has ended'));
      } else if (error.code === 'EACCES' || error.code === 'EPERM') {
        fail(new AdminSocketError('NOT_OWNER', `You may not use the administration socket ${path}.`));
      } else {
        fail(new AdminSocketError('NO_ANSWER', `The service at ${path} failed to answer: ${error.message}`));
      }
    });
  });
}

function readAnswer(text: string): string {
  if (text === '') {
    throw new AdminSocketError(
      'NO_ANSWER',
      'The service closed the connection without answering; its log may say why.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AdminSocketError('BAD_ANSWER', 'The service sent an answer that is not JSON.');
  }
  const answer = value as Partial<{ ok: unknown; output: unknown; error: { code?: unknown; message?: unknown } }>;
  if (answer.ok === true && typeof answer.output === 'string') return answer.output;
  const { code, message } = answer.error ?? {};
  if (answer.ok === false && typeof code === 'string' && typeof message === 'string') {
    throw new AdminSocketError(code as AdminErrorCode, message);
  }
  throw new AdminSocketError('BAD_ANSWER', 'The service sent an answer this command line does not understand.');
}
