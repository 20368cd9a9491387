import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { minimumBytes, precompress } from './precompress';

describe('precompress', () => {
  const dirs: string[] = [];
  const folder = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'graphonic-precompress-'));
    dirs.push(dir);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a Brotli and a gzip copy beside each text file, in its folders too, that decode to the file', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'fonts'));
    const script = `export const tune = ${JSON.stringify('la '.repeat(2000))};`;
    const style = `.row{display:flex}${'.cell{padding:1px}'.repeat(100)}`;
    writeFileSync(join(dir, 'index-a1.js'), script);
    writeFileSync(join(dir, 'fonts/index-b2.css'), style);

    const totals = await precompress(dir);

    expect(brotliDecompressSync(readFileSync(join(dir, 'index-a1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'index-a1.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'fonts/index-b2.css.br'))).toString()).toBe(style);
    expect(gunzipSync(readFileSync(join(dir, 'fonts/index-b2.css.gz'))).toString()).toBe(style);
    expect(totals.written).toBe(4);
    expect(totals.bytes).toBe(script.length + style.length);
    expect(totals.brotliBytes).toBeLessThan(totals.gzipBytes);
  });

  it('leaves small files, source maps, images and copies no smaller than the file alone', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'tiny-c3.js'), 'x'.repeat(minimumBytes - 1));
    writeFileSync(join(dir, 'index-a1.js.map'), JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }));
    writeFileSync(join(dir, 'cover-d4.png'), Buffer.alloc(8192));
    // Random bytes do not compress: neither copy would be smaller.
    writeFileSync(join(dir, 'noise-e5.txt'), randomBytes(4096));

    const totals = await precompress(dir);

    expect(totals.written).toBe(0);
    for (const name of ['tiny-c3.js', 'index-a1.js.map', 'cover-d4.png', 'noise-e5.txt']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
