import { register } from 'node:module';

/**
 * Loaded with `--import` ahead of a program, when `MODULE_LOADS_FILE` names a file: every module the program
 * resolves is appended to that file, one URL a line, so that a test can say what a command loaded and what not.
 */

const hooks = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) {
  file = data;
}
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, resolved.url + '\\n');
  return resolved;
}
`;

const file = process.env.MODULE_LOADS_FILE;
if (file) register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: file });
