import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMusicConfig } from './config';
import { startMusicService } from './service';

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
    expect(lines.some((line) => line.startsWith('Applied migrations 1, 2, 3'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Generated the catalog (300 tracks'))).toBe(true);

    const again: string[] = [];
    const second = await startMusicService(config, { log: (line) => again.push(line), catalog: { tracks: 300 } });
    const { rows: after } = await second.db.query<{ n: number }>('SELECT count(*) AS n FROM tracks');
    expect(after[0]?.n).toBe(300);
    await second.close();
    expect(again.some((line) => /^(Applied|Generated|Created)/.test(line))).toBe(false);
  }, 60_000);
});
