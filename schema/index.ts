import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder that holds the schema's `.graphql` files, one per domain. */
export const schemaDir = import.meta.dirname;

/** The file names of the schema, sorted so that the SDL is assembled in a stable order. */
export function schemaFiles(dir: string = schemaDir): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
}

/** The whole SDL, one string per domain file. */
export function loadTypeDefs(dir: string = schemaDir): string[] {
  return schemaFiles(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
}
