import { access, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, POSTGRES_URL } from '../../../test-support/services';
import { listen } from '../../../test-support/http';
import { registerConfiguredClient } from '../accounts/service';
import { loadMusicConfig } from '../config';
import { withSearchPath } from '../db/__fixtures__/engines';
import { LOCK_FILE } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { startMusicService } from '../service';
import { ADMIN_SOCKET_FILE, type AdminSocket } from './socket';
import {
  runOnStore,
  runStoreCommand,
  serveStoreCommands,
  StoreCommandError,
  type StoreCommand,
} from './store-commands';

type AdminLogger = Pick<Logger, 'info' | 'warn' | 'error'>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as AdminLogger;

function warnings() {
  const lines: string[] = [];
  const warn = (_fields: unknown, message: string) => void lines.push(message);
  return { lines, logger: { ...quiet, warn } as unknown as AdminLogger };
}

describe('store commands with arguments that are wrong on their face', () => {
  it("refuses them with the command's own message before opening any store: no data folder is made", async () => {
    const parent = await mkdtemp(join(tmpdir(), 'graphonic-store-'));
    const dataDir = join(parent, 'never-made');
    const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir });
    try {
      for (const [command, args, message] of [
        ['seed', ['--tracks', '0'], '--tracks must be a whole number of at least 1, got "0".'],
        ['seed', ['--colour', 'blue'], "Unknown option '--colour'"],
        ['users add', ['--password', 'a long password'], '--id is required.'],
        ['users add', ['--id', 'ana', '--product', 'gold'], '--product is "premium" or "free".'],
        ['clients add', ['--redirect-uri', 'http://127.0.0.1:9999/cb'], '--name is required.'],
        ['users add', ['--id', 'x', '--password', 'a long password'], 'A username is 2 to 30 lowercase letters'],
        ['users add', ['--id', 'ana', '--password', 'short'], 'A password needs at least'],
        ['users add', ['--id', 'ana', '--email', 'ana-at-example'], '"ana-at-example" is not an e-mail address.'],
        ['users add', ['--id', 'ana', '--country', 'XX'], '"XX" is not an ISO 3166-1 alpha-2 country code.'],
        ['clients add', ['--name', 'My app', '--redirect-uri', 'not a uri'], 'Redirect URI '],
        ['clients add', ['--name', 'My app', '--device', '--id', 'a b'], 'A client id is 1 to 64 URL-safe characters.'],
        ['token', ['--scopes', 'user-read-private'], '--user is required.'],
        ['token', ['--user', 'ana', '--scopes', 'bogus'], 'Unknown scope: bogus.'],
        ['token', ['--user', 'ana', '--ttl', '0'], 'The lifetime is a whole number of seconds, at least 1.'],
      ] as const) {
        await expect(runStoreCommand(config, command, [...args]), `${command} ${args.join(' ')}`).rejects.toThrow(
          message,
        );
      }
      await expect(access(dataDir)).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('store commands while the embedded store is held by a serving process', () => {
  let dataDir: string;
  let db: Database;
  let admin: AdminSocket | undefined;
  const config = () => loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'graphonic-store-'));
    // As `serve` holds it: the folder's lock taken, the schema migrated, the api's client registered.
    db = await openDatabase({ dataDir });
    await migrate(db);
    await registerConfiguredClient(db, config().client);
    admin = await serveStoreCommands(db, config(), quiet);
  }, 60_000);

  afterAll(async () => {
    await admin?.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds a user and issues its token through the administration socket', async () => {
    expect(admin?.path).toBe(join(dataDir, ADMIN_SOCKET_FILE));
    const added = await runStoreCommand(config(), 'users add', ['--id', 'ana', '--password', 'correct horse battery']);
    expect(added).toMatch(/^Created user ana \(account id [0-9a-f-]{36}\)\.$/);
    const printed = await runStoreCommand(config(), 'token', ['--user', 'ana', '--scopes', 'user-read-private']);
    expect(JSON.parse(printed)).toMatchObject({ token_type: 'Bearer', scope: 'user-read-private', expires_in: 3600 });
    const { rows } = await db.query<{ id: string }>("SELECT id FROM users WHERE id = 'ana'");
    expect(rows).toHaveLength(1);
  });

  it("refuses as the command does when it runs on its own, with the command's own message", async () => {
    // Refusals only the store can give: arguments wrong on their face are refused before the socket is tried.
    const refusals: [StoreCommand, string[]][] = [
      ['users add', ['--id', 'ana']],
      ['token', ['--user', 'nobody', '--scopes', 'user-read-private']],
      ['clients add', ['--name', 'x', '--device', '--id', config().client.id]],
    ];
    for (const [command, args] of refusals) {
      const direct = await runOnStore(db, command, [...args], config()).then(
        () => 'resolved',
        (error: unknown) => (error as Error).message,
      );
      const through = runStoreCommand(config(), command, [...args]);
      await expect(through).rejects.toBeInstanceOf(StoreCommandError);
      await expect(through).rejects.toMatchObject({ code: 'COMMAND_REFUSED', message: direct });
    }
  });

  it('says so plainly when the folder is held by a process that serves no administration socket', async () => {
    const other = await mkdtemp(join(tmpdir(), 'graphonic-store-'));
    try {
      // The test runner is alive and is not this process: it stands for another command holding the folder.
      await writeFile(join(other, LOCK_FILE), String(process.ppid));
      const refused = runStoreCommand(loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: other }), 'token', [
        '--user',
        'ana',
      ]);
      await expect(refused).rejects.toMatchObject({ code: 'NO_ADMIN_SOCKET' });
      await expect(refused).rejects.toThrow(
        new RegExp(`in use by process ${process.ppid}, which serves no administration socket: it is another command`),
      );
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("explains why it may not use the socket of a folder that is not its user's", async () => {
    const me = process.getuid?.() ?? 0;
    const refused = runStoreCommand(config(), 'token', ['--user', 'ana'], { socket: { uid: me + 4242 } });
    await expect(refused).rejects.toMatchObject({ code: 'NOT_OWNER' });
    await expect(refused).rejects.toThrow(/is in use by process \d+, and its administration socket cannot be used/);
  });

  it('lets a service whose folder others may write to run without the socket, and says why', async () => {
    const other = await mkdtemp(join(tmpdir(), 'graphonic-store-'));
    try {
      await chmod(other, 0o777);
      const log = warnings();
      const socket = await serveStoreCommands(
        db,
        loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: other }),
        log.logger,
      );
      expect(socket).toBeUndefined();
      expect(log.lines.join('\n')).toMatch(/administration socket not opened: .* may be written by other users/);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe.runIf(await hasPostgres())('store commands while the service runs on PostgreSQL', () => {
  const schema = `test_admin_${process.pid}_${Date.now()}`;
  let admin: Database;
  let dataDir: string;

  beforeAll(async () => {
    admin = await openDatabase({ url: POSTGRES_URL });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    dataDir = await mkdtemp(join(tmpdir(), 'graphonic-store-'));
  });

  afterAll(async () => {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs them on the database directly, whoever holds the embedded data folder', async () => {
    const config = loadMusicConfig({
      NODE_ENV: 'test',
      DATABASE_URL: withSearchPath(POSTGRES_URL, schema),
      MUSIC_DATA_DIR: dataDir,
    });
    const service = await startMusicService(config, {
      catalog: { tracks: 20, albums: 2, artists: 1, playlists: 1, shows: 1, episodes: 1 },
    });
    const server = await listen(service.app);
    try {
      // The embedded folder is held by another live process: on PostgreSQL that is no concern of the commands.
      await writeFile(join(dataDir, LOCK_FILE), String(process.ppid));
      expect(await runStoreCommand(config, 'users add', ['--id', 'pia', '--password', 'a long password'])).toMatch(
        /^Created user pia /,
      );
      const { access_token: token } = JSON.parse(
        await runStoreCommand(config, 'token', ['--user', 'pia', '--scopes', 'user-read-private']),
      ) as { access_token: string };
      const me = await fetch(`${server.url}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: 'pia' });
    } finally {
      await server.close();
      await service.close();
    }
  }, 120_000);
});
