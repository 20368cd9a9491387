/** Type-checks every TypeScript file of the repository, two programs at a time, remembering what it checked. */
import { resolve } from 'node:path';
import { run } from './processes';
import { typecheckPrograms, typecheckRecord } from './typecheck-programs';

const root = resolve(import.meta.dirname, '..');
const tsc = resolve(root, 'node_modules/.bin/tsc');
const cache = resolve(root, 'node_modules/.cache/typecheck');

const queue: string[] = [...typecheckPrograms];
const failed: string[] = [];

async function worker(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    // Incremental: a second run checks only what changed since the first (the record stays out of the tree).
    const record = typecheckRecord(cache, project);
    const code = await run(tsc, ['-p', project, '--noEmit', '--pretty', '--incremental', '--tsBuildInfoFile', record], {
      cwd: root,
    });
    if (code !== 0) failed.push(project);
  }
}

await Promise.all([worker(), worker()]);
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`Types check in ${typecheckPrograms.length} programs.`);
