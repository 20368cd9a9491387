/**
 * The type check and lint of `npm test`, in one process on one set of programs (./checks.ts): the programs
 * `npm run typecheck` checks, with its record of what they checked, then `npm run lint`'s lint with their types.
 * Prints each check's result, and writes both to `.reports/checks.json` for the suite's summary.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkTypes, formatDiagnostics, lint, lintPasses } from './checks';
import { typecheckPrograms, typecheckRecord } from './typecheck-programs';

const root = resolve(import.meta.dirname, '..');
const cache = resolve(root, 'node_modules/.cache/typecheck');
const reports = resolve(root, '.reports');

const { programs, diagnostics } = checkTypes(root, typecheckPrograms, (project) => typecheckRecord(cache, project));
const types = diagnostics.length === 0;
console.log(
  types
    ? `Types check in ${String(typecheckPrograms.length)} programs.`
    : `${formatDiagnostics(root, diagnostics)}\n${String(diagnostics.length)} type errors.`,
);

// The files eslint.config.js lints with type information.
const { results, output } = await lint(root, programs, { typed: ['**/*.{ts,tsx,js,mjs}'] });
const linted = lintPasses(results);
console.log(linted ? `Lint passes on ${String(results.length)} files.` : output);

mkdirSync(reports, { recursive: true });
writeFileSync(resolve(reports, 'checks.json'), JSON.stringify({ types, lint: linted }));
process.exit(types && linted ? 0 : 1);
