import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import eslintConfig from '../eslint.config.js';
import { ignoredPaths, oxlintConfig, oxlintConfigFile } from './lint-rules';

const root = resolve(import.meta.dirname, '..');

describe('the rules Oxlint runs', () => {
  it('are the presets’ and the project’s, as the committed file holds them (`npm run lint:rules` writes it)', () => {
    const committed: unknown = JSON.parse(readFileSync(resolve(root, oxlintConfigFile), 'utf8'));
    expect(committed).toEqual(oxlintConfig());
  });

  it('keep every type-aware rule of the strict preset, and the project’s own settings', () => {
    const { rules } = oxlintConfig();
    expect(rules['typescript/no-floating-promises']).toBe('error');
    expect(rules['typescript/no-unsafe-assignment']).toBe('error');
    expect(rules['typescript/restrict-template-expressions']).toEqual(['error', { allowNumber: true }]);
    expect(rules['no-unused-vars']).toEqual(['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]);
    expect(Object.keys(rules).filter((name) => name.startsWith('@typescript-eslint/'))).toEqual([]);
  });

  it('leave out what ESLint leaves out', () => {
    expect(eslintConfig[0]?.ignores).toEqual(ignoredPaths);
    expect(oxlintConfig().ignorePatterns).toEqual(ignoredPaths);
  });
});
