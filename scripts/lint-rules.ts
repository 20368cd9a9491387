/**
 * The rules Oxlint runs (`.oxlintrc.json`): ESLint's recommended rules and typescript-eslint's strict, type-checked
 * set, with the project's own settings, as ESLint would run them on each kind of file. Oxlint runs them in Rust, the
 * type-aware ones and the type check on TypeScript 7 (tsgolint); ESLint keeps the React hooks' rules and the
 * GraphQL rules (eslint.config.js). `npm run lint:rules` writes the file again from the presets; a test holds the
 * committed file to them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import js from '@eslint/js';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/** The project's own settings of rules the presets turn on. */
export const projectRules: Linter.RulesRecord = {
  '@typescript-eslint/no-explicit-any': 'error',
  '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
  '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
};

/** What neither linter reads: dependencies, builds, generated code, data and reports. */
export const ignoredPaths = [
  '**/node_modules/**',
  '**/dist/**',
  '**/__generated__/**',
  '.data/**',
  '.reports/**',
  'web/test-results/**',
];

/**
 * typescript-eslint's versions of ESLint's rules that Oxlint's own rule of the same name covers, TypeScript's syntax
 * included; and ESLint's rules for what is a syntax error in a module, which every file here is (`no-octal`:
 * a legacy octal literal, `no-dupe-args`: a parameter name twice), and so fails the parse and the type check.
 */
const coveredByCore = new Set([
  'no-array-constructor',
  'no-unused-expressions',
  'no-unused-vars',
  'no-useless-constructor',
]);
const coveredByTypeCheck = new Set(['no-octal', 'no-dupe-args']);

type Setting = Linter.RuleEntry;

/** Whether `file` matches a preset's `**` + `/*.<extension>` pattern; any other kind of pattern is an error. */
function matchesExtension(file: string, pattern: unknown): boolean {
  if (typeof pattern !== 'string' || !pattern.startsWith('**/*.') || pattern.slice(5).includes('*')) {
    throw new Error(`A preset's file pattern this script does not read: ${JSON.stringify(pattern)}`);
  }
  return extname(file) === `.${pattern.slice(5)}`;
}

/**
 * The rules ESLint turns on for `file` under the presets and the project's settings, by ESLint's names, with the
 * options as the presets and the project give them (ESLint merges each rule's defaults in; Oxlint has its own).
 */
function presetRules(file: string): Record<string, Setting> {
  const configs: Linter.Config[] = [
    js.configs.recommended,
    ...tseslint.configs.strictTypeChecked,
    { rules: projectRules },
  ];
  const on = new Map<string, Setting>();
  for (const config of configs) {
    const files = (config.files ?? []).flat();
    if (files.length > 0 && !files.some((pattern) => matchesExtension(file, pattern))) continue;
    for (const [name, entry] of Object.entries(config.rules ?? {})) {
      if (entry === undefined) continue;
      const [severity, ...options] = Array.isArray(entry) ? entry : [entry];
      if (severity === 0 || severity === 'off') on.delete(name);
      else on.set(name, options.length === 0 ? 'error' : ['error', ...options]);
    }
  }
  return Object.fromEntries(on);
}

/** Oxlint's name for an ESLint rule, or undefined where TypeScript's check covers it. */
function oxlintName(name: string): string | undefined {
  if (coveredByTypeCheck.has(name)) return undefined;
  if (!name.startsWith('@typescript-eslint/')) return name;
  const rule = name.slice('@typescript-eslint/'.length);
  return coveredByCore.has(rule) ? rule : `typescript/${rule}`;
}

function oxlintRules(rules: Record<string, Setting>): Record<string, Setting> {
  const mapped: Record<string, Setting> = {};
  for (const [name, setting] of Object.entries(rules)) {
    const renamed = oxlintName(name);
    if (renamed !== undefined) mapped[renamed] = setting;
  }
  return Object.fromEntries(Object.entries(mapped).sort(([a], [b]) => a.localeCompare(b)));
}

export interface OxlintConfig {
  $schema: string;
  plugins: string[];
  categories: Record<string, 'off'>;
  options: { typeAware: boolean; typeCheck: boolean; reportUnusedDisableDirectives: 'error' };
  env: Record<string, boolean>;
  ignorePatterns: string[];
  rules: Record<string, Setting>;
  overrides: { files: string[]; rules: Record<string, Setting> }[];
}

/**
 * The configuration: the rules for TypeScript files, and for the JavaScript files the rules that differ there
 * (typescript-eslint turns some of ESLint's rules off in TypeScript only, where the type check does their work).
 */
export function oxlintConfig(): OxlintConfig {
  const typescript = oxlintRules(presetRules('example.ts'));
  const javascript = oxlintRules(presetRules('example.js'));
  const differ: Record<string, Setting> = {};
  for (const name of new Set([...Object.keys(typescript), ...Object.keys(javascript)])) {
    const there = javascript[name];
    if (JSON.stringify(typescript[name]) !== JSON.stringify(there)) differ[name] = there ?? 'off';
  }
  return {
    $schema: './node_modules/oxlint/configuration_schema.json',
    plugins: ['eslint', 'typescript'],
    categories: { correctness: 'off' },
    options: { typeAware: true, typeCheck: true, reportUnusedDisableDirectives: 'error' },
    env: { builtin: true, es2026: true, node: true },
    ignorePatterns: ignoredPaths,
    rules: typescript,
    overrides: Object.keys(differ).length === 0 ? [] : [{ files: ['**/*.{js,mjs}'], rules: differ }],
  };
}

export const oxlintConfigFile = '.oxlintrc.json';

if (process.argv[1] === import.meta.filename) {
  const root = resolve(import.meta.dirname, '..');
  writeFileSync(resolve(root, oxlintConfigFile), JSON.stringify(oxlintConfig()));
  // As the format check wants it.
  execFileSync(resolve(root, 'node_modules/.bin/oxfmt'), [oxlintConfigFile], { cwd: root, stdio: 'inherit' });
}
