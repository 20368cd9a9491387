/**
 * `npm run typecheck`: TypeScript's errors alone, as Oxlint's type check finds them (./checks.ts), with every rule
 * left out.
 */
import { resolve } from 'node:path';
import { describeOutside, filesOutsidePrograms, formatFindings, oxlint } from './checks';

const root = resolve(import.meta.dirname, '..');

const outside = filesOutsidePrograms(root);
// Without the rules, the disable directives in the code have nothing to disable: not reported.
const { types, files } = await oxlint(root, ['-A', 'all', '--report-unused-disable-directives-severity', 'allow']);
if (outside.length > 0) console.error(describeOutside(outside));
if (types.length > 0) console.error(`${formatFindings(types)}\n${String(types.length)} type errors.`);
if (outside.length > 0 || types.length > 0) process.exitCode = 1;
else console.log(`Types check in ${String(files)} files.`);
