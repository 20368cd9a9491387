import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../test-support/http';
import { issueTokens } from './accounts/service';
import { loadMusicConfig } from './config';
import { startMusicService } from './service';

/** One GET with a bearer token to the app on a loopback server. */
async function listenAndGet(app: Express, path: string, token: string): Promise<{ status: number }> {
  const server = await listen(app);
  try {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return { status: response.status };
  } finally {
    await server.close();
  }
}

describe('the music service on its embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'graphonic-music-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and generates its catalog on first start, and keeps it across restarts', async () => {
    const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir });
    const lines: string[] = [];
    const first = await startMusicService(config, { log: (line) => lines.push(line), catalog: { tracks: 300 } });
    const { rows } = await first.db.query<{ n: number }>('SELECT count(*) AS n FROM tracks');
    expect(rows[0]?.n).toBe(300);
    const { rows: liked } = await first.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM saved_tracks WHERE user_id = 'demo'",
    );
    expect(liked[0]?.n).toBeGreaterThan(0);
    await first.close();
    expect(lines.some((line) => line.startsWith('Created the demo user (demo / demo) with'))).toBe(true);
    expect(lines).toContain('Registered the command-line example as a device client (graphonic-cli)');
    expect(lines.some((line) => line.startsWith('Applied migrations 1, 2, 3'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Generated the catalog (300 tracks'))).toBe(true);

    const again: string[] = [];
    const second = await startMusicService(config, { log: (line) => again.push(line), catalog: { tracks: 300 } });
    const { rows: after } = await second.db.query<{ n: number }>('SELECT count(*) AS n FROM tracks');
    expect(after[0]?.n).toBe(300);
    await second.close();
    expect(again.some((line) => /^(Applied|Generated|Created|Registered)/.test(line))).toBe(false);
  }, 60_000);

  it('creates no demo user in production, and retires the sign-in of those a development start left', async () => {
    const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir, MUSIC_DEMO_LISTENERS: '2' });
    const development = await startMusicService(config, { catalog: { tracks: 300 } });
    const { access_token: token } = await issueTokens(development.db, {
      userId: 'demo',
      clientId: config.client.id,
      scopes: ['user-read-private'],
      withRefreshToken: true,
    });
    await development.db.query(
      "INSERT INTO account_sessions (id_hash, user_id, csrf_token, expires_at) VALUES ('s', 'demo', 'c', now() + interval '1 day')",
    );
    await development.close();

    const production = loadMusicConfig({
      NODE_ENV: 'production',
      MUSIC_DATA_DIR: dataDir,
      MUSIC_CLIENT_SECRET: 'a-production-secret-of-at-least-32-characters',
    });
    const lines: string[] = [];
    const service = await startMusicService(production, { log: (line) => lines.push(line) });
    try {
      expect(lines).toContain(
        'Retired the sign-in of the demo listeners demo, demo2: their well-known password no longer works',
      );
      const demo = await service.db.query<{ id: string; password_hash: string | null }>(
        "SELECT id, password_hash FROM users WHERE id IN ('demo', 'demo2') ORDER BY id",
      );
      expect(demo.rows).toEqual([
        { id: 'demo', password_hash: null },
        { id: 'demo2', password_hash: null },
      ]);
      const sessions = await service.db.query("SELECT 1 FROM account_sessions WHERE user_id = 'demo'");
      expect(sessions.rows).toHaveLength(0);
      const answer = await listenAndGet(service.app, '/v1/me', token);
      expect(answer.status).toBe(401);
      // The library stays, for whoever the store's owner lets have it.
      const liked = await service.db.query("SELECT 1 FROM saved_tracks WHERE user_id = 'demo' LIMIT 1");
      expect(liked.rows).toHaveLength(1);
    } finally {
      await service.close();
    }
    // Nothing left to retire the next time.
    const again: string[] = [];
    const restarted = await startMusicService(production, { log: (line) => again.push(line) });
    await restarted.close();
    expect(again.some((line) => line.startsWith('Retired'))).toBe(false);
  }, 90_000);

  it('creates no demo user on a new store in production', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'graphonic-music-'));
    try {
      const production = loadMusicConfig({
        NODE_ENV: 'production',
        MUSIC_DATA_DIR: fresh,
        MUSIC_CLIENT_SECRET: 'a-production-secret-of-at-least-32-characters',
      });
      const service = await startMusicService(production, { catalog: { tracks: 300 } });
      const demo = await service.db.query("SELECT 1 FROM users WHERE id = 'demo'");
      await service.close();
      expect(demo.rows).toHaveLength(0);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
