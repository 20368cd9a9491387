import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTypes, formatDiagnostics, lint, lintPasses } from './checks';
import { typecheckRecord } from './typecheck-programs';

/**
 * A small project of its own: one file with a type error, one with a promise nobody waits for, and one that no
 * program holds.
 */
const dir = mkdtempSync(join(tmpdir(), 'graphonic-checks-'));
const cache = join(dir, '.cache');
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', skipLibCheck: true, types: [] },
    files: ['typed.ts', 'promise.ts'],
  }),
);
writeFileSync(join(dir, 'typed.ts'), "export const count: number = 'one';\n");
writeFileSync(
  join(dir, 'promise.ts'),
  'async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\n',
);
writeFileSync(join(dir, 'outside.ts'), 'export const outside = 1;\n');

const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
];

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the type check and the lint on one program', () => {
  it('finds the type errors, and remembers what it checked for the next run', () => {
    const record = (project: string) => typecheckRecord(cache, project);
    const first = checkTypes(dir, ['tsconfig.json'], record);
    expect(first.diagnostics).toHaveLength(1);
    expect(formatDiagnostics(dir, first.diagnostics)).toContain("Type 'string' is not assignable to type 'number'");
    expect(existsSync(record('tsconfig.json'))).toBe(true);
    // Read from the record, the same error again.
    expect(checkTypes(dir, ['tsconfig.json'], record).diagnostics).toHaveLength(1);
  }, 60_000);

  it('lints with the types of the checked program, and refuses a file no program holds', async () => {
    const { programs } = checkTypes(dir, ['tsconfig.json'], (project) => typecheckRecord(cache, project));
    const { results, output } = await lint(dir, programs, { typed: ['**/*.ts'], config });
    const messages = Object.fromEntries(
      results.map((result) => [result.filePath.slice(dir.length + 1), result.messages]),
    );
    expect(messages['promise.ts']?.map((message) => message.ruleId)).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
    expect(messages['typed.ts']).toEqual([]);
    // Not silently linted without types: the lint says the file is in none of the programs.
    expect(messages['outside.ts']?.[0]?.fatal).toBe(true);
    expect(messages['outside.ts']?.[0]?.message).toMatch(/not found in any of the provided program.*outside\.ts/s);
    expect(lintPasses(results)).toBe(false);
    expect(output).toContain('no-floating-promises');
  }, 60_000);
});
