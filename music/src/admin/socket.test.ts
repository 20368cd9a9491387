import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_SOCKET_FILE,
  MAX_REQUEST_BYTES,
  openAdminSocket,
  sendAdminRequest,
  type AdminRequest,
  type AdminSocket,
  type AdminSocketOptions,
} from './socket';

/** A logger that keeps what it is told, to check what a line holds and what it never holds. */
function recordingLogger() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message = '') => {
      lines.push({ level, fields, message });
    };
  return {
    lines,
    text: () => JSON.stringify(lines),
    logger: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as AdminSocketOptions['logger'],
  };
}

class Refusal extends Error {}

/** Answers what it was asked, refuses `--refuse` and fails on `--crash`, as a store command would. */
function echo({ command, args }: AdminRequest): Promise<string> {
  if (args.includes('--refuse')) return Promise.reject(new Refusal('The user id ana is already taken.'));
  if (args.includes('--crash')) return Promise.reject(new Error('disk full: /secret/path'));
  return Promise.resolve(`${command}: ${args.length} arguments`);
}

/** Sends `payload` as it is and resolves with everything the server answers. */
function raw(path: string, payload: string, options: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
    socket.once('connect', () => {
      if (payload !== '') socket.write(payload);
      if (options.end === true) socket.end();
    });
  });
}

function errorOf(answer: string): { code: string; message: string } {
  const parsed = JSON.parse(answer) as { ok: boolean; error: { code: string; message: string } };
  expect(parsed.ok).toBe(false);
  return parsed.error;
}

describe('the administration socket', () => {
  let dataDir: string;
  let opened: AdminSocket | undefined;
  let log: ReturnType<typeof recordingLogger>;

  const open = async (options: Partial<AdminSocketOptions> = {}) => {
    opened = await openAdminSocket({
      dataDir,
      run: echo,
      isRefusal: (error) => error instanceof Refusal,
      logger: log.logger,
      ...options,
    });
    return opened;
  };

  beforeEach(async () => {
    // mkdtemp makes the folder 0700, as the owner's private folder should be.
    dataDir = await mkdtemp(join(tmpdir(), 'graphonic-admin-'));
    log = recordingLogger();
    opened = undefined;
  });

  afterEach(async () => {
    await opened?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens a socket only its owner may use, runs the commands sent to it, and logs no argument', async () => {
    const socket = await open();
    expect(socket.path).toBe(join(dataDir, ADMIN_SOCKET_FILE));
    const file = await lstat(socket.path);
    expect(file.isSocket()).toBe(true);
    expect(file.mode & 0o777).toBe(0o600);
    expect(file.uid).toBe(process.getuid?.());

    const args = ['--id', 'ana', '--password', 'correct horse battery staple'];
    expect(await sendAdminRequest(dataDir, { command: 'users add', args })).toBe('users add: 4 arguments');
    const line = log.lines.find((logged) => logged.message === 'administration command');
    expect(line).toMatchObject({ level: 'info', fields: { command: 'users add' } });
    expect(log.text()).not.toContain('correct horse');
    expect(log.text()).not.toContain('ana');
  });

  it("answers a command's refusal with its message, and a failure with a message that points at the log", async () => {
    await open();
    const refused = sendAdminRequest(dataDir, { command: 'users add', args: ['--password', 'p4ss', '--refuse'] });
    await expect(refused).rejects.toMatchObject({
      code: 'COMMAND_REFUSED',
      message: 'The user id ana is already taken.',
    });
    const failed = sendAdminRequest(dataDir, { command: 'token', args: ['--crash'] });
    await expect(failed).rejects.toMatchObject({ code: 'COMMAND_FAILED' });
    await expect(failed).rejects.toThrow(/its log says why/);
    await expect(failed).rejects.not.toThrow(/disk full/);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'administration command failed' }),
    );
    expect(log.text()).not.toContain('p4ss');
  });

  it('refuses bad requests with a stable code each', async () => {
    const { path } = await open({ requestTimeoutMs: 200 });
    const cases: [string, string][] = [
      ['not json\n', 'BAD_REQUEST'],
      ['[1, 2]\n', 'BAD_REQUEST'],
      ['{"version":1,"command":"token","args":"--user ana"}\n', 'BAD_REQUEST'],
      ['{"version":1,"command":"token","args":[1]}\n', 'BAD_REQUEST'],
      ['{"command":"token","args":[]}\n', 'UNSUPPORTED_VERSION'],
      ['{"version":2,"command":"token","args":[]}\n', 'UNSUPPORTED_VERSION'],
      ['{"version":1,"command":"users delete","args":[]}\n', 'UNKNOWN_COMMAND'],
      ['{"version":1,"command":"serve","args":[]}\n', 'UNKNOWN_COMMAND'],
      [`{"version":1,"command":"token","args":["${'x'.repeat(MAX_REQUEST_BYTES)}"]}\n`, 'REQUEST_TOO_LARGE'],
      ['', 'REQUEST_TIMEOUT'],
    ];
    for (const [payload, code] of cases) {
      const error = errorOf(await raw(path, payload));
      expect(error.code, payload.slice(0, 60)).toBe(code);
      expect(error.message.length).toBeGreaterThan(10);
    }
    // A request ended by closing the client's side, without a newline, is read as well.
    const ended = await raw(path, '{"version":1,"command":"seed","args":[]}', { end: true });
    expect(JSON.parse(ended)).toEqual({ ok: true, output: 'seed: 0 arguments' });
  });

  it('replaces a socket left by a process that ended, and leaves any other file alone', async () => {
    const path = join(dataDir, ADMIN_SOCKET_FILE);
    // A socket nobody listens on: bound under another name, renamed, and the server closed.
    const left = createServer();
    await new Promise<void>((resolve) => left.listen(join(dataDir, 'other.sock'), resolve));
    await rename(join(dataDir, 'other.sock'), path);
    await chmod(path, 0o600);
    await new Promise<void>((resolve) => left.close(() => resolve()));
    expect((await lstat(path)).isSocket()).toBe(true);
    await expect(sendAdminRequest(dataDir, { command: 'token', args: [] })).rejects.toMatchObject({
      code: 'NO_ADMIN_SOCKET',
    });

    await open();
    expect(await sendAdminRequest(dataDir, { command: 'token', args: [] })).toBe('token: 0 arguments');
    await opened?.close();
    opened = undefined;

    await writeFile(path, 'not a socket');
    await expect(open()).rejects.toMatchObject({ code: 'SOCKET_PATH_TAKEN' });
    expect(await readFile(path, 'utf8')).toBe('not a socket');
  });

  it('says there is no socket when nothing was opened', async () => {
    await expect(sendAdminRequest(dataDir, { command: 'token', args: [] })).rejects.toMatchObject({
      code: 'NO_ADMIN_SOCKET',
    });
  });

  it('refuses another user, and a folder others may write to, on both ends', async () => {
    const me = process.getuid?.() ?? 0;
    const someoneElse = me + 4242;
    // The service refuses a folder that is not its user's, or that others may write to.
    await expect(open({ uid: someoneElse })).rejects.toMatchObject({ code: 'NOT_OWNER' });
    await chmod(dataDir, 0o770);
    await expect(open()).rejects.toMatchObject({ code: 'UNSAFE_FOLDER' });
    await chmod(dataDir, 0o755);
    await open();

    // The command line refuses to send anything (a password) to a folder or socket that is not its user's,
    // or to a socket others may use.
    await expect(sendAdminRequest(dataDir, { command: 'token', args: [] }, { uid: someoneElse })).rejects.toMatchObject(
      {
        code: 'NOT_OWNER',
      },
    );
    await chmod(join(dataDir, ADMIN_SOCKET_FILE), 0o666);
    await expect(sendAdminRequest(dataDir, { command: 'token', args: [] })).rejects.toMatchObject({
      code: 'UNSAFE_SOCKET',
    });
    await chmod(join(dataDir, ADMIN_SOCKET_FILE), 0o600);
    await chmod(dataDir, 0o777);
    await expect(sendAdminRequest(dataDir, { command: 'token', args: [] })).rejects.toMatchObject({
      code: 'UNSAFE_FOLDER',
    });
  });

  it.runIf(process.getuid?.() === 0)('is refused by the system to a process of another user', async () => {
    await chmod(dataDir, 0o755);
    // Under a umask that lets everyone in, the socket's own mode is all that keeps others out.
    const umask = process.umask(0);
    let path: string;
    try {
      ({ path } = await open());
    } finally {
      process.umask(umask);
    }
    // Run as `nobody`: the folder is open to all, the socket is not.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('node:net').connect(process.argv[1]).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); });`,
        path,
      ],
      { uid: 65534, gid: 65534, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('close', resolve));
    expect(output.trim()).toBe('EACCES');
  });

  it('removes its file when closed, after the command that is running has answered', async () => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finish: (value: string) => void = () => undefined;
    const socket = await open({
      run: () => {
        release();
        return new Promise<string>((resolve) => {
          finish = resolve;
        });
      },
    });
    const idle = raw(socket.path, '');
    const running = sendAdminRequest(dataDir, { command: 'token', args: [] });
    await started;
    const closed = socket.close();
    finish('done');
    expect(await running).toBe('done');
    await closed;
    // A connection that had sent nothing is ended without an answer.
    expect(await idle).toBe('');
    await expect(stat(socket.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
