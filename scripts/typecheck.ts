/**
 * Type-checks every TypeScript file of the repository, remembering what it checked: the root's scripts, the Node
 * projects as one program (tsconfig.servers.json), and the web client with the browser's types; two at a time.
 */
import { resolve } from 'node:path';
import { run } from './processes';

const root = resolve(import.meta.dirname, '..');
const projects = ['tsconfig.servers.json', 'web', '.'];
const tsc = resolve(root, 'node_modules/.bin/tsc');
const cache = resolve(root, 'node_modules/.cache/typecheck');

const queue = [...projects];
const failed: string[] = [];

async function worker(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    // Incremental: a second run checks only what changed since the first (the record stays out of the tree).
    const record = resolve(cache, `${project === '.' ? 'root' : project.replace(/\.json$/, '')}.tsbuildinfo`);
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
console.log(`Types check in ${projects.length} programs.`);
