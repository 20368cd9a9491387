/**
 * The type check and lint of `npm test` (./checks.ts): Oxlint's type check and rules in one pass, then ESLint's
 * rules. Prints each check's result, and writes both to `.reports/checks.json` for the suite's summary.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeOutside, filesOutsidePrograms, formatFindings, lint, lintPasses, oxlint } from './checks';

const root = resolve(import.meta.dirname, '..');
const reports = resolve(root, '.reports');

const outside = filesOutsidePrograms(root);
const found = await oxlint(root);
const types = outside.length === 0 && found.types.length === 0;
if (outside.length > 0) {
  console.log(describeOutside(outside));
}
console.log(
  found.types.length === 0
    ? `Types check in ${String(found.files)} files.`
    : `${formatFindings(found.types)}\n${String(found.types.length)} type errors.`,
);

const { results, output } = await lint(root);
const eslintPasses = lintPasses(results);
const linted = found.rules.length === 0 && eslintPasses;
if (found.rules.length > 0) console.log(`${formatFindings(found.rules)}\n${String(found.rules.length)} problems.`);
if (!eslintPasses) console.log(output);
if (linted) console.log(`Lint passes: Oxlint on ${String(found.files)} files, ESLint on ${String(results.length)}.`);

mkdirSync(reports, { recursive: true });
writeFileSync(resolve(reports, 'checks.json'), JSON.stringify({ types, lint: linted }));
// Set rather than exit: the output above reaches a pipe whole.
process.exitCode = types && linted ? 0 : 1;
