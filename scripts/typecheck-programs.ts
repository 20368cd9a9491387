import { resolve } from 'node:path';

/**
 * The programs `npm run typecheck` checks, by tsconfig: the Node projects as one (their tests and the example
 * client import one another, so one program checks each file once), the web client with the browser's types, and
 * the root's scripts with their JavaScript.
 */
export const typecheckPrograms = ['tsconfig.servers.json', 'web/tsconfig.json', 'tsconfig.json'] as const;

/** Where the record of what a program checked is kept, in `cache`: a second check looks only at what changed. */
export function typecheckRecord(cache: string, project: string): string {
  return resolve(cache, `${project.replace(/\.json$/, '').replaceAll('/', '-')}.tsbuildinfo`);
}
