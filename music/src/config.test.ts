import { describe, expect, it } from 'vitest';
import { loadMusicConfig, MusicConfigError } from './config';

describe('loadMusicConfig', () => {
  it('defaults to loopback, port 4100 and the embedded database', () => {
    const config = loadMusicConfig({});
    expect(config).toMatchObject({ env: 'development', host: '127.0.0.1', port: 4100, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\.data[/\\]music$/);
  });

  it('reads a PostgreSQL URL and a data folder', () => {
    const config = loadMusicConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      MUSIC_DATA_DIR: '/tmp/music-data',
      MUSIC_PORT: '5100',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/tmp/music-data',
      port: 5100,
    });
  });

  it('names every bad value', () => {
    let thrown: unknown;
    try {
      loadMusicConfig({ MUSIC_PORT: 'eighty', DATABASE_URL: 'mysql://db/x' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MusicConfigError);
    const problems = (thrown as MusicConfigError).problems.join('\n');
    expect(problems).toMatch(/MUSIC_PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
  });
});
