import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DocumentNode } from 'graphql';
import type { Plugin } from 'vite';
import { isOperation, operationManifest, operationManifestFile } from './operation-manifest';

/**
 * The client preset's `graphql()` looks documents up in one map of every document of the app, so
 * the first chunk that calls it carries all of them. This plugin replaces each call by the one
 * document it names, taken from `__generated__/graphql.ts` (where each is its own JSON AST, with the
 * fragments it uses): every screen's chunk then carries only its own documents. Types are unchanged.
 * The build also writes the manifest of the operations it inlined (`graphql-operations.json`, see
 * operation-manifest.ts): the operations this client can send, and the only ones a session may run in
 * production.
 */

const call = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const definition = /^\s*(?:(query|mutation|subscription)\s+([A-Za-z_]\w*)|fragment\s+([A-Za-z_]\w*)\s+on\b)/;
const generatedExport = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*$/gm;

/** codegen's name for a document: `Home` → `HomeDocument`, `TrackRow_item` → `TrackRow_ItemFragmentDoc`. */
export function documentExportName(source: string): string | undefined {
  const match = definition.exec(source.replace(/#[^\n]*/g, ''));
  if (!match) return undefined;
  const pascal = (name: string) =>
    name
      .split('_')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('_');
  if (match[2]) return `${pascal(match[2])}Document`;
  if (match[3]) return `${pascal(match[3])}FragmentDoc`;
  return undefined;
}

/** Every generated document's JSON AST, by export name. */
export function readGeneratedDocuments(source: string): Map<string, string> {
  return new Map([...source.matchAll(generatedExport)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

/** Rewrites the `graphql()` calls of one module; null when it has none. `inlined` hears each document's name. */
export function inlineDocuments(
  code: string,
  documents: ReadonlyMap<string, string>,
  inlined: Set<string> = new Set(),
): string | null {
  let count = 0;
  const rewritten = code.replace(call, (whole, source: string) => {
    const name = documentExportName(source);
    if (!name) return whole;
    const ast = documents.get(name);
    if (ast === undefined) {
      throw new Error(`No generated document ${name}: run \`npm run codegen\` after changing a GraphQL document.`);
    }
    inlined.add(name);
    count += 1;
    // JSON.parse of a string is faster to start than the same object literal.
    return `JSON.parse(${JSON.stringify(ast)})`;
  });
  return count > 0 ? rewritten : null;
}

export function graphqlDocuments(generatedDir: string): Plugin {
  const generatedModule = resolve(generatedDir, 'graphql.ts');
  let documents = new Map<string, string>();
  const inlined = new Set<string>();
  const load = () => {
    documents = readGeneratedDocuments(readFileSync(generatedModule, 'utf8'));
    inlined.clear();
  };
  return {
    name: 'graphonic:graphql-documents',
    enforce: 'pre',
    buildStart: load,
    // The development server: codegen rewrote the documents.
    watchChange(id) {
      if (resolve(id) === generatedModule) load();
    },
    transform(code, id) {
      if (!/\.(ts|tsx)$/.test(id) || id.includes('__generated__') || !code.includes('graphql(')) return null;
      const rewritten = inlineDocuments(code, documents, inlined);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
    // Only a build writes files: the operations of the modules it compiled, whichever chunk holds them.
    generateBundle() {
      const shipped = [...inlined]
        .map((name) => JSON.parse(documents.get(name) ?? 'null') as DocumentNode | null)
        .filter((document): document is DocumentNode => document !== null && isOperation(document));
      this.emitFile({
        type: 'asset',
        fileName: operationManifestFile,
        source: `${JSON.stringify(operationManifest(shipped), null, 2)}\n`,
      });
    },
  };
}
