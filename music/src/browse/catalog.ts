import { genres } from '../catalog/genres';
import type { Queryable } from '../db/types';
import { badRequest } from '../errors';
import type { Request } from 'express';
import type { CategoryRecord } from '../http/objects';
import { categories } from './store';
import { optionalParam } from '../http/params';

/** A browse category with the genres it gathers, in the order the catalog lists them. */
export interface BrowseCategory extends CategoryRecord {
  genres: string[];
  position: number;
}

/**
 * The browse categories, read once: the seeded catalog never changes them, and there are a few
 * dozen at most.
 */
export class CategoryCache {
  private loaded: Promise<BrowseCategory[]> | undefined;

  constructor(private readonly db: Queryable) {}

  all(): Promise<BrowseCategory[]> {
    this.loaded ??= categories(this.db)
      .then((rows) => rows.map((row) => ({ id: row.id, name: row.name, genres: row.genres, position: row.position })))
      .catch((error: unknown) => {
        // A failed read is not remembered: the next request tries again.
        this.loaded = undefined;
        throw error;
      });
    return this.loaded;
  }

  async one(id: string): Promise<BrowseCategory | undefined> {
    return (await this.all()).find((category) => category.id === id);
  }
}

/** Category ids are short slugs (`pop`, `hiphop`) or base62 ids. */
const categoryIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function categoryIdParam(value: unknown): string {
  if (typeof value !== 'string' || !categoryIdPattern.test(value)) throw badRequest('Invalid category id');
  return value;
}

/** `locale`: an ISO 639-1 language, optionally with an ISO 3166-1 country (`sv_SE`, `en-US`). */
const localePattern = /^([a-z]{2})(?:[_-]([A-Za-z]{2}))?$/;

export function localeParam(req: Request): { language: string; country?: string } | undefined {
  const raw = optionalParam(req, 'locale');
  if (raw === undefined) return undefined;
  const match = localePattern.exec(raw);
  if (!match?.[1]) throw badRequest('Invalid locale');
  return { language: match[1], ...(match[2] ? { country: match[2].toUpperCase() } : {}) };
}

/** `country`, the browse endpoints' older name for the market. */
export function countryParam(req: Request): string | undefined {
  const raw = optionalParam(req, 'country');
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(raw)) throw badRequest('Invalid country code');
  return raw.toUpperCase();
}

/** Genre seeds in Spotify's spelling: lower case, dashes for spaces, `r-n-b` for `r&b`. */
export function genreSeed(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, '-n-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const genreBySeed = new Map<string, string>(
  genres.flatMap((genre) => [
    [genreSeed(genre.name), genre.name],
    [genre.name, genre.name],
  ]),
);

/** Every genre seed the recommendations accept, sorted. */
export const availableGenreSeeds: readonly string[] = [...new Set(genres.map((genre) => genreSeed(genre.name)))].sort();

/** The catalog's genre for a seed (`drum-and-bass` or `drum and bass`), or undefined. */
export function genreOfSeed(seed: string): string | undefined {
  return genreBySeed.get(seed.trim().toLowerCase());
}

/** The greeting of the featured playlists, by the listener's local hour and language. */
const greetings: Record<string, [morning: string, afternoon: string, evening: string, night: string]> = {
  en: ['Good morning', 'Good afternoon', 'Good evening', 'Good night'],
  sv: ['God morgon', 'God eftermiddag', 'God kväll', 'God natt'],
  de: ['Guten Morgen', 'Guten Tag', 'Guten Abend', 'Gute Nacht'],
  es: ['Buenos días', 'Buenas tardes', 'Buenas noches', 'Buenas noches'],
  fr: ['Bonjour', 'Bon après-midi', 'Bonsoir', 'Bonne nuit'],
  pt: ['Bom dia', 'Boa tarde', 'Boa noite', 'Boa noite'],
  it: ['Buongiorno', 'Buon pomeriggio', 'Buonasera', 'Buonanotte'],
  nl: ['Goedemorgen', 'Goedemiddag', 'Goedenavond', 'Goedenacht'],
};

export function featuredMessage(language: string | undefined, hour: number): string {
  const words = greetings[language ?? 'en'] ?? greetings.en;
  if (!words) return 'Featured';
  const index = hour >= 5 && hour < 12 ? 0 : hour >= 12 && hour < 18 ? 1 : hour >= 18 && hour < 23 ? 2 : 3;
  return words[index];
}

/**
 * `timestamp`: the listener's local time, `yyyy-MM-ddTHH:mm:ss` as Spotify takes it, which picks
 * the greeting and the day's selection. Without it, the service's time in UTC.
 */
export function localTimeParam(req: Request, now: () => Date = () => new Date()): { day: string; hour: number } {
  const raw = optionalParam(req, 'timestamp');
  if (raw === undefined) {
    const date = now();
    return { day: date.toISOString().slice(0, 10), hour: date.getUTCHours() };
  }
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(raw);
  const hour = Number(match?.[2]);
  if (!match?.[1] || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`)) || hour > 23) {
    throw badRequest('Invalid timestamp: use yyyy-MM-ddTHH:mm:ss');
  }
  return { day: match[1], hour };
}
