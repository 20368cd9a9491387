import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  /** The route's own chunk, or undefined when it is not split from the entry. */
  chunk: string | undefined;
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
}

/** The chunks a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * What a first visit to each route downloads before its screen can render: the entry's static
 * closure and the route chunk's, JavaScript and CSS, each file counted once, gzip-compressed.
 */
export function routeWeights(
  manifest: Manifest,
  routes: Record<string, string>,
  size: (file: string) => number,
): RouteWeight[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  const base = staticClosure(manifest, entry);
  return Object.entries(routes).map(([route, source]) => {
    const chunk = manifest[source];
    const keys = new Set(base);
    if (chunk) staticClosure(manifest, source, keys);
    const chunks = [...keys].map((key) => manifest[key]).filter((found): found is ManifestChunk => found !== undefined);
    const jsFiles = [...new Set(chunks.map((found) => found.file).filter((file) => file.endsWith('.js')))];
    const cssFiles = [...new Set(chunks.flatMap((found) => found.css ?? []))];
    return {
      route,
      chunk: chunk?.isDynamicEntry ? chunk.file : undefined,
      jsFiles,
      cssFiles,
      jsGzip: jsFiles.reduce((sum, file) => sum + size(file), 0),
      cssGzip: cssFiles.reduce((sum, file) => sum + size(file), 0),
    };
  });
}

/** The gzip size of a built file (default compression level, as a server sends it). */
export function gzipSizeOf(dist: string): (file: string) => number {
  const cache = new Map<string, number>();
  return (file) => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file))).length;
      cache.set(file, size);
    }
    return size;
  };
}
