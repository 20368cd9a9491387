import { parseArgs } from 'node:util';
import type { Database } from '../db/types';
import { catalogSizes, type CatalogSizes } from './generate';
import { catalogMeta, defaultSeed, seedCatalog } from './seed';

export const catalogUsage = `  seed        [--tracks N] [--albums N] [--artists N] [--playlists N] [--shows N] [--episodes N] [--seed TEXT]
              Generate the catalog now (serve does it on first start with the defaults); with --tracks
              alone the other sizes scale with it. A store holds one catalog, generated once.`;

/** A seed command that cannot be carried out, with a message for the person who typed it. */
export class SeedCommandError extends Error {
  override name = 'SeedCommandError';
}

const sizeNames = ['tracks', 'albums', 'artists', 'playlists', 'shows', 'episodes'] as const;

function describeSizes(sizes: CatalogSizes): string {
  return `${sizes.tracks} tracks, ${sizes.albums} albums, ${sizes.artists} artists, ${sizes.playlists} playlists, ${sizes.shows} shows, ${sizes.episodes} episodes`;
}

/** The seed and sizes `seed`'s arguments ask for; a mistake in them is a SeedCommandError. */
export function parseSeedArgs(argv: string[]): { seed: string; sizes: CatalogSizes } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: Object.fromEntries([...sizeNames, 'seed'].map((name) => [name, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new SeedCommandError(error instanceof Error ? error.message : String(error));
  }
  const requested: Partial<CatalogSizes> = {};
  for (const name of sizeNames) {
    const raw = values[name];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
      throw new SeedCommandError(`--${name} must be a whole number of at least 1, got "${String(raw)}".`);
    }
    requested[name] = value;
  }
  const seed = values.seed;
  if (seed !== undefined && (typeof seed !== 'string' || seed.trim() === '')) {
    throw new SeedCommandError('--seed must be a non-empty text.');
  }
  try {
    return { seed: seed ?? defaultSeed, sizes: catalogSizes(requested) };
  } catch (error) {
    throw new SeedCommandError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * `seed`: generates the catalog with the given sizes. Seeding the catalog the store already
 * holds is a no-op; asking for a different one is refused, because users' libraries, playlists
 * and history point into the catalog that is there.
 */
export async function seedCommand(
  db: Database,
  argv: string[],
  onProgress: (line: string) => void = () => undefined,
): Promise<string> {
  const { seed, sizes } = parseSeedArgs(argv);
  const existing = await catalogMeta(db);
  if (existing) {
    const same =
      existing.seed === seed &&
      (Object.keys(sizes) as (keyof CatalogSizes)[]).every((name) => existing.sizes[name] === sizes[name]);
    if (same) return `The catalog is already there (${describeSizes(existing.sizes)}).`;
    throw new SeedCommandError(
      `This store already holds a catalog (${describeSizes(existing.sizes)}, seed "${existing.seed}"). ` +
        'A store holds one catalog: to generate another, point MUSIC_DATA_DIR or DATABASE_URL at an empty store.',
    );
  }
  const started = performance.now();
  const seeded = await seedCatalog(db, { ...sizes, seed }, (progress) => {
    onProgress(`Seeding: ${progress.step} (${progress.tracks} tracks so far)`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!seeded) return 'Another process generated the catalog first.';
  return `Generated the catalog (${describeSizes(seeded)}) in ${seconds} s.`;
}
