import { normalize, words } from './text';

/**
 * A search query as Spotify reads `q`: plain words (all of them must match), quoted phrases
 * (their words match exactly, without typos), and field filters: `artist:`, `album:`,
 * `track:` (a word or a quoted phrase), `year:` (a year or a range such as `1990-1999`),
 * `genre:`, `upc:`, `isrc:`, `tag:new` and `tag:hipster`. A `name:value` that is no filter
 * is read as words.
 */

export interface QueryWord {
  text: string;
  /** From a quoted phrase: no prefix or typo matching. */
  exact: boolean;
  /** The last word, still being typed: it may match the beginning of a word. */
  prefix: boolean;
}

export interface YearRange {
  from: number;
  to: number;
}

export type Tag = 'new' | 'hipster';

export interface ParsedQuery {
  words: QueryWord[];
  artist: string[];
  album: string[];
  track: string[];
  /** Each range must hold; an invalid year gives a range nothing is in. */
  years: YearRange[];
  /** Normalised genre names ("hip hop" for `genre:hip-hop`); each must hold. */
  genres: string[];
  tags: Tag[];
  upc: string[];
  isrc: string[];
}

const filterNames = new Set(['artist', 'album', 'track', 'year', 'genre', 'tag', 'upc', 'isrc']);

/** `field:"quoted value"`, `field:value`, `"quoted phrase"` or a bare word. */
const token = /(?:([A-Za-z]+):)?(?:"([^"]*)"?|(\S+))/gu;

function yearRange(value: string): YearRange {
  const match = /^(\d{4})(?:-(\d{4}))?$/u.exec(value.trim());
  if (!match?.[1]) return { from: 1, to: 0 };
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  return from <= to ? { from, to } : { from: to, to: from };
}

export function parseQuery(q: string): ParsedQuery {
  const parsed: ParsedQuery = {
    words: [],
    artist: [],
    album: [],
    track: [],
    years: [],
    genres: [],
    tags: [],
    upc: [],
    isrc: [],
  };
  for (const match of q.matchAll(token)) {
    const field = match[1]?.toLowerCase();
    const quoted = match[2];
    const value = quoted ?? match[3] ?? '';
    if (field !== undefined && filterNames.has(field)) {
      switch (field) {
        case 'artist':
        case 'album':
        case 'track':
          parsed[field].push(...words(value));
          break;
        case 'year':
          parsed.years.push(yearRange(value));
          break;
        case 'genre':
          parsed.genres.push(words(value).join(' '));
          break;
        case 'tag': {
          const tag = normalize(value).trim();
          if (tag === 'new' || tag === 'hipster') parsed.tags.push(tag);
          break;
        }
        case 'upc':
        case 'isrc':
          parsed[field].push(value.trim().toUpperCase());
          break;
      }
      continue;
    }
    const text = field === undefined ? value : `${field} ${value}`;
    for (const word of words(text)) parsed.words.push({ text: word, exact: quoted !== undefined, prefix: false });
  }
  const last = parsed.words.at(-1);
  // A query that ends in a space has its last word complete.
  if (last && !last.exact && !/\s$/u.test(q)) last.prefix = true;
  return parsed;
}

/** Whether the query asks for anything at all. */
export function isEmptyQuery(query: ParsedQuery): boolean {
  return (
    query.words.length === 0 &&
    query.artist.length === 0 &&
    query.album.length === 0 &&
    query.track.length === 0 &&
    query.years.length === 0 &&
    query.genres.length === 0 &&
    query.tags.length === 0 &&
    query.upc.length === 0 &&
    query.isrc.length === 0
  );
}
