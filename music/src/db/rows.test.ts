import { afterAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines } from './__fixtures__/engines';
import { migrate } from './migrate';
import { declaredColumns } from './rows';

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the declared rows (${engine.kind})`, () => {
    afterAll(() => engine.shutdown());

    it(
      'match the tables and columns the migrations build: names, types and nullability',
      async () => {
        const isolated = await engine.isolate();
        try {
          await migrate(isolated.db);
          const { rows } = await isolated.db.query<{
            table_name: string;
            column_name: string;
            udt_name: string;
            is_nullable: 'YES' | 'NO';
          }>(
            `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
             WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
          );
          const live: Record<string, Record<string, { type: string; nullable: boolean }>> = {};
          for (const row of rows) {
            const table = (live[row.table_name] ??= {});
            table[row.column_name] = { type: row.udt_name, nullable: row.is_nullable === 'YES' };
          }
          expect(Object.keys(live).length).toBeGreaterThan(30);
          expect(live).toEqual(declaredColumns());
        } finally {
          await isolated.dispose();
        }
      },
      OPEN_TIMEOUT_MS,
    );
  });
}
