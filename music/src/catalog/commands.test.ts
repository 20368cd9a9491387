import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { seedCommand, SeedCommandError } from './commands';

for (const engine of await testEngines()) {
  describe.runIf(engine.enabled)(`the seed command on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase | undefined;
    const db = () => {
      if (!isolated) throw new Error('no database yet');
      return isolated.db;
    };

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated?.dispose();
      await engine.shutdown();
    });

    it('refuses bad sizes before writing anything', async () => {
      for (const argv of [
        ['--tracks', '0'],
        ['--tracks', 'many'],
        ['--albums', '-3'],
        ['--colour', 'red'],
      ]) {
        await expect(seedCommand(db(), argv)).rejects.toBeInstanceOf(SeedCommandError);
      }
      await expect(seedCommand(db(), ['--tracks', '10', '--albums', '20'])).rejects.toThrow(/one track per album/);
      const { rows } = await db().query<{ n: number }>('SELECT count(*) AS n FROM tracks');
      expect(rows[0]?.n).toBe(0);
    });

    it('generates the catalog with the sizes asked for, once', async () => {
      const progress: string[] = [];
      const argv = ['--tracks', '400', '--albums', '30', '--artists', '10', '--shows', '2', '--episodes', '4'];
      expect(await seedCommand(db(), argv, (line) => progress.push(line))).toMatch(
        /^Generated the catalog \(400 tracks, 30 albums, 10 artists, 100 playlists, 2 shows, 4 episodes\)/,
      );
      expect(progress.length).toBeGreaterThan(0);
      const { rows } = await db().query<{ n: number }>('SELECT count(*) AS n FROM tracks');
      expect(rows[0]?.n).toBe(400);
      expect(await seedCommand(db(), argv)).toMatch(/already there/);
      await expect(seedCommand(db(), ['--tracks', '500'])).rejects.toThrow(/already holds a catalog \(400 tracks/);
    });
  });
}
