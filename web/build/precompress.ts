import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The built files a browser downloads as text. Source maps are left out: only developer tools ask for them, and they
 * come to three times the size of the rest of the build's files together.
 */
const compressible = /\.(?:js|mjs|css|svg|json|html|txt)$/;

/** Below this, the encoding's headers outweigh what it saves. */
export const minimumBytes = 1024;

export interface Precompressed {
  /** Files written beside the originals, `.br` and `.gz` counted apart. */
  written: number;
  /** Bytes of the files compressed, and of their Brotli and gzip copies. */
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** The file's Brotli copy at the highest quality, for text, and its gzip copy at the highest level. */
async function compressBoth(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of `dir` and its folders that is at least
 * `minimumBytes` long, each only where it is smaller than the file: the api sends them as they are (see
 * api/src/web-assets.ts), instead of compressing the same bytes for every visitor.
 */
export async function precompress(dir: string): Promise<Precompressed> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => compressible.test(name));
  const totals: Precompressed = { written: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      if (!(await stat(path)).isFile()) return;
      const bytes = await readFile(path);
      if (bytes.length < minimumBytes) return;
      const { br, gz } = await compressBoth(bytes);
      totals.bytes += bytes.length;
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= bytes.length) continue;
        await writeFile(`${path}${suffix}`, copy);
        totals.written += 1;
        if (suffix === '.br') totals.brotliBytes += copy.length;
        else totals.gzipBytes += copy.length;
      }
    }),
  );
  return totals;
}

/** Once the build has written its files, their compressed copies beside them in `<outDir>/<assetsDir>`. */
export function precompressAssets(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'graphonic:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(options) {
      if (options.dir) await precompress(join(options.dir, assetsDir));
    },
  };
}
