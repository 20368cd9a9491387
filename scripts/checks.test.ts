import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { filesOutsidePrograms, formatFindings, lint, lintPasses, oxlint } from './checks';

/**
 * A small project of its own: one file with a type error, one with a promise nobody waits for, and one that no
 * tsconfig.json holds.
 */
const dir = mkdtempSync(join(tmpdir(), 'graphonic-checks-'));
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', skipLibCheck: true, types: [] },
    files: ['typed.ts', 'promise.ts'],
  }),
);
writeFileSync(
  join(dir, '.oxlintrc.json'),
  JSON.stringify({
    plugins: ['typescript'],
    categories: { correctness: 'off' },
    options: { typeAware: true, typeCheck: true },
    rules: { 'typescript/no-floating-promises': 'error' },
  }),
);
writeFileSync(join(dir, 'typed.ts'), "export const count: number = 'one';\n");
writeFileSync(
  join(dir, 'promise.ts'),
  'async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\n',
);
mkdirSync(join(dir, 'loose'));
writeFileSync(join(dir, 'loose', 'outside.ts'), 'export const outside = 1;\n');

const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-debugger': 'error' },
  },
];

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the type check and the lint', () => {
  it('sorts what Oxlint finds into type errors and the rules’ findings', async () => {
    const found = await oxlint(dir);
    expect(found.types.map(({ file, code }) => [file, code])).toEqual([['typed.ts', 'typescript(TS2322)']]);
    expect(found.rules.map(({ file, line, code }) => [file, line, code])).toEqual([
      ['promise.ts', 3, 'typescript(no-floating-promises)'],
    ]);
    expect(formatFindings(found.types)).toMatch(/^typed\.ts:1:14 {2}Type 'string' is not assignable to type 'number'/);
  }, 60_000);

  it('fails plainly when Oxlint cannot run, rather than passing with nothing found', async () => {
    await expect(oxlint(dir, ['--config', 'missing.json'])).rejects.toThrow(/Oxlint failed/);
  }, 60_000);

  it('names the files no tsconfig.json holds', () => {
    expect(filesOutsidePrograms(dir)).toEqual([join('loose', 'outside.ts')]);
  });

  it('lints with ESLint as `eslint .` does, failing on any finding', async () => {
    writeFileSync(join(dir, 'stop.ts'), 'debugger;\nexport {};\n');
    try {
      const { results, output } = await lint(dir, { config });
      const messages = Object.fromEntries(
        results.map((result) => [result.filePath.slice(dir.length + 1), result.messages]),
      );
      expect(messages['stop.ts']?.map((message) => message.ruleId)).toEqual(['no-debugger']);
      expect(messages['typed.ts']).toEqual([]);
      expect(lintPasses(results)).toBe(false);
      expect(output).toContain('no-debugger');
    } finally {
      rmSync(join(dir, 'stop.ts'));
    }
  }, 60_000);
});
