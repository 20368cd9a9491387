import type { AudioFeaturesRecord } from '../http/objects';
import { categories as categoryList, genres, type GenreProfile } from './genres';
import { catalogIdFor, Random } from './random';
import { adjectives, firstNames, labels, nouns, plural, publishers, showTopics, surnames, verbs } from './words';

/**
 * The catalog, generated deterministically from a seed: the same seed and sizes give the same
 * artists, albums, tracks, playlists and podcasts on every machine. Albums and their tracks
 * come as a stream, so a catalog of a million tracks never sits in memory whole.
 */

export interface CatalogSizes {
  artists: number;
  albums: number;
  tracks: number;
  categories: number;
  playlists: number;
  shows: number;
  episodes: number;
}

export const defaultSizes: CatalogSizes = {
  artists: 500,
  albums: 1500,
  tracks: 20_000,
  categories: categoryList.length,
  playlists: 100,
  shows: 20,
  episodes: 500,
};

/** The sizes to generate: the defaults, or, from a track count alone, proportional ones. */
export function catalogSizes(options: Partial<CatalogSizes> = {}): CatalogSizes {
  const tracks = options.tracks ?? defaultSizes.tracks;
  const scaled = options.tracks !== undefined && options.albums === undefined;
  const albums = options.albums ?? (scaled ? Math.max(1, Math.round(tracks / 13.3)) : defaultSizes.albums);
  const artists = options.artists ?? (scaled ? Math.max(1, Math.round(albums / 3)) : defaultSizes.artists);
  const sizes = {
    artists,
    albums,
    tracks,
    categories: Math.min(options.categories ?? defaultSizes.categories, categoryList.length),
    playlists: options.playlists ?? defaultSizes.playlists,
    shows: options.shows ?? defaultSizes.shows,
    episodes: options.episodes ?? defaultSizes.episodes,
  };
  if (sizes.tracks < sizes.albums) throw new Error('A catalog needs at least one track per album.');
  if (sizes.episodes < sizes.shows) throw new Error('A catalog needs at least one episode per show.');
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`The catalog's ${name} must be a positive integer.`);
  }
  return sizes;
}

/** A track's audio features, as the API's objects carry them (less the track's id and length). */
export type AudioFeatures = Omit<AudioFeaturesRecord, 'trackId' | 'durationMs'>;

export interface GeneratedArtist {
  id: string;
  name: string;
  genres: string[];
  popularity: number;
  followers: number;
}

export interface GeneratedAlbum {
  id: string;
  name: string;
  albumType: 'album' | 'single' | 'compilation';
  releaseDate: string;
  releaseDatePrecision: 'year' | 'month' | 'day';
  label: string;
  popularity: number;
  upc: string;
  copyrights: { text: string; type: 'C' | 'P' }[];
  artistIds: string[];
  genre: string;
}

export interface GeneratedTrack {
  id: string;
  albumId: string;
  name: string;
  discNumber: number;
  trackNumber: number;
  durationMs: number;
  explicit: boolean;
  popularity: number;
  isrc: string;
  artistIds: string[];
  features: AudioFeatures;
}

export interface GeneratedPlaylist {
  id: string;
  name: string;
  description: string;
  categoryIds: string[];
  trackIds: string[];
}

export interface GeneratedShow {
  id: string;
  name: string;
  publisher: string;
  description: string;
  languages: string[];
  explicit: boolean;
}

export interface GeneratedEpisode {
  id: string;
  showId: string;
  name: string;
  description: string;
  durationMs: number;
  language: string;
  releaseDate: string;
  explicit: boolean;
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

function artistName(random: Random): string {
  const roll = random.next();
  if (roll < 0.35) return `${random.pick(firstNames)} ${random.pick(surnames)}`;
  if (roll < 0.6) return `The ${random.pick(adjectives)} ${plural(random.pick(nouns))}`;
  if (roll < 0.8) return `${random.pick(adjectives)} ${random.pick(nouns)}`;
  if (roll < 0.9) return `${random.pick(firstNames)} & the ${plural(random.pick(nouns))}`;
  return `${random.pick(nouns)}${random.pick(['', 'fall', 'light', 'line', 'wave', 'heart'])}`;
}

function albumName(random: Random): string {
  const roll = random.next();
  if (roll < 0.3) return `${random.pick(adjectives)} ${random.pick(nouns)}`;
  if (roll < 0.5) return `${plural(random.pick(nouns))} of ${random.pick(nouns)}`;
  if (roll < 0.65) return `${random.pick(verbs)} ${plural(random.pick(nouns))}`;
  if (roll < 0.85) return `The ${random.pick(nouns)}`;
  return random.pick(nouns);
}

function trackName(random: Random): string {
  const roll = random.next();
  if (roll < 0.25)
    return `${random.pick(verbs)} ${random.pick(['Through', 'Into', 'Under', 'Over', 'Past'])} the ${random.pick(nouns)}`;
  if (roll < 0.5) return `${random.pick(adjectives)} ${random.pick(nouns)}`;
  if (roll < 0.65) return random.pick(nouns);
  if (roll < 0.8) return random.pick(verbs);
  if (roll < 0.9) return `${random.pick(nouns)} ${random.pick(['Song', 'Blues', 'Dance', 'Lullaby', 'Anthem'])}`;
  return `${random.pick(['Love', 'Home', 'Gone', 'Again', 'Tonight'])} ${random.pick(['Me', 'You', 'Us', 'Forever'])}`;
}

function releaseDate(random: Random): { date: string; precision: 'year' | 'month' | 'day' } {
  // More recent years are more common, as in a real catalog.
  const year = Math.round(2026 - 66 * Math.pow(random.next(), 2.2));
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const pad = (value: number) => String(value).padStart(2, '0');
  const roll = random.next();
  if (roll < 0.05) return { date: String(year), precision: 'year' };
  if (roll < 0.15) return { date: `${year}-${pad(month)}`, precision: 'month' };
  return { date: `${year}-${pad(month)}-${pad(day)}`, precision: 'day' };
}

function features(random: Random, genre: GenreProfile): AudioFeatures {
  const energy = random.around(genre.energy, 0.2, 0, 1);
  return {
    acousticness: round(random.around(genre.acousticness, 0.2, 0, 1)),
    danceability: round(random.around(genre.danceability, 0.18, 0, 1)),
    energy: round(energy),
    instrumentalness: round(random.around(genre.instrumentalness, 0.15, 0, 1)),
    key: random.int(0, 11),
    liveness: round(random.chance(0.1) ? random.float(0.5, 0.95) : random.float(0.03, 0.3)),
    // Louder with more energy, as mastered music is.
    loudness: round(-22 + energy * 18 + random.float(-2, 2)),
    mode: random.chance(0.6) ? 1 : 0,
    speechiness: round(random.around(genre.speechiness, 0.04, 0.02, 0.95)),
    tempo: round(random.float(genre.tempo[0], genre.tempo[1])),
    timeSignature: random.chance(0.88) ? 4 : random.pick([3, 3, 5, 6, 7]),
    valence: round(random.around(genre.valence, 0.2, 0, 1)),
  };
}

export function generateArtists(seed: string, sizes: CatalogSizes): GeneratedArtist[] {
  const random = new Random(`${seed}:artists`);
  return Array.from({ length: sizes.artists }, (_, index) => {
    const first = random.pick(genres);
    const second = random.chance(0.5) ? random.pick(genres) : first;
    const popularity = Math.round(random.around(45, 40, 0, 100));
    return {
      id: catalogIdFor(seed, 'artist', index),
      name: artistName(random),
      genres: [...new Set([first.name, second.name])],
      popularity,
      followers: Math.round(Math.pow(10, 2 + (popularity / 100) * 5) * random.float(0.5, 1.5)),
    };
  });
}

/** How many tracks each album gets, adding up to exactly `sizes.tracks`. */
function trackCounts(random: Random, sizes: CatalogSizes): { type: GeneratedAlbum['albumType']; count: number }[] {
  const plan = Array.from({ length: sizes.albums }, () => {
    const roll = random.next();
    if (roll < 0.3) return { type: 'single' as const, count: random.int(1, 3) };
    if (roll < 0.4) return { type: 'compilation' as const, count: random.int(12, 20) };
    return { type: 'album' as const, count: random.int(9, 16) };
  });
  let difference = sizes.tracks - plan.reduce((sum, album) => sum + album.count, 0);
  // Spread the difference over the albums, round-robin: additions go to full-length albums
  // first (singles stay short), removals never leave an album empty.
  const growable = plan.some((album) => album.type !== 'single')
    ? plan.filter((album) => album.type !== 'single')
    : plan;
  const shrinkable = plan;
  let cap = Math.max(60, Math.ceil(sizes.tracks / growable.length) + 1);
  while (difference > 0) {
    let changed = false;
    for (const album of growable) {
      if (difference === 0) break;
      if (album.count < cap) {
        album.count += 1;
        difference -= 1;
        changed = true;
      }
    }
    if (!changed) cap *= 2;
  }
  while (difference < 0) {
    for (const album of shrinkable) {
      if (difference === 0) break;
      if (album.count > 1) {
        album.count -= 1;
        difference += 1;
      }
    }
  }
  return plan;
}

/** The albums, each with its tracks, in a stream. */
export function* generateAlbums(
  seed: string,
  sizes: CatalogSizes,
  artists: readonly GeneratedArtist[],
): Generator<{ album: GeneratedAlbum; tracks: GeneratedTrack[] }> {
  const random = new Random(`${seed}:albums`);
  const plan = trackCounts(random, sizes);
  const genreByName = new Map(genres.map((genre) => [genre.name, genre]));
  let trackIndex = 0;
  for (const [albumIndex, { type, count }] of plan.entries()) {
    // Every artist gets albums: the first round goes through them in order.
    const artist = albumIndex < artists.length ? artists[albumIndex] : random.pick(artists);
    if (!artist) throw new Error('A catalog needs at least one artist.');
    const collaborator = random.chance(0.08) ? random.pick(artists) : undefined;
    const artistIds = collaborator && collaborator.id !== artist.id ? [artist.id, collaborator.id] : [artist.id];
    const genreName = random.pick(artist.genres);
    const genre = genreByName.get(genreName) ?? genres[0];
    if (!genre) throw new Error('No genres are defined.');
    const released = releaseDate(random);
    const year = released.date.slice(0, 4);
    const label = random.pick(labels);
    const album: GeneratedAlbum = {
      id: catalogIdFor(seed, 'album', albumIndex),
      name:
        type === 'compilation'
          ? `The Best of ${artist.name}`
          : type === 'single'
            ? trackName(random)
            : albumName(random),
      albumType: type,
      releaseDate: released.date,
      releaseDatePrecision: released.precision,
      label,
      popularity: Math.round(random.around(artist.popularity, 15, 0, 100)),
      upc: String(600_000_000_000 + albumIndex * 7 + random.int(0, 6)).padStart(12, '0'),
      copyrights: [
        { text: `© ${year} ${label}`, type: 'C' },
        { text: `℗ ${year} ${label}`, type: 'P' },
      ],
      artistIds,
      genre: genre.name,
    };
    const discs = count > 20 ? 2 : 1;
    const perDisc = Math.ceil(count / discs);
    const tracks: GeneratedTrack[] = [];
    for (let position = 0; position < count; position += 1) {
      const featured = random.chance(0.07) ? random.pick(artists) : undefined;
      const trackArtists = featured && !artistIds.includes(featured.id) ? [...artistIds, featured.id] : artistIds;
      const name = trackName(random);
      tracks.push({
        id: catalogIdFor(seed, 'track', trackIndex),
        albumId: album.id,
        name:
          type === 'single' && position === 0
            ? album.name
            : featured && trackArtists.length > artistIds.length
              ? `${name} (feat. ${featured.name})`
              : name,
        discNumber: Math.floor(position / perDisc) + 1,
        trackNumber: (position % perDisc) + 1,
        durationMs: random.int(genre.seconds[0], genre.seconds[1]) * 1000 + random.int(0, 999),
        explicit: random.chance(genre.speechiness > 0.15 ? 0.45 : 0.08),
        popularity: Math.round(random.around(album.popularity, 15, 0, 100)),
        isrc: `QZGRA${year.slice(2)}${String(trackIndex).padStart(5, '0').slice(-5)}`,
        artistIds: trackArtists,
        features: features(random, genre),
      });
      trackIndex += 1;
    }
    yield { album, tracks };
  }
}

export function generateCategories(sizes: CatalogSizes): typeof categoryList {
  return categoryList.slice(0, sizes.categories);
}

/**
 * Editorial playlists, two to four per category, of 20 to 100 tracks picked from the
 * category's genres. `pool` holds track ids by genre, collected while the albums streamed.
 */
export function generatePlaylists(
  seed: string,
  sizes: CatalogSizes,
  pool: ReadonlyMap<string, string[]>,
): GeneratedPlaylist[] {
  const random = new Random(`${seed}:playlists`);
  const chosen = generateCategories(sizes);
  const everything = [...pool.values()].flat();
  return Array.from({ length: sizes.playlists }, (_, index) => {
    const category = chosen[index % chosen.length] ?? categoryList[0];
    if (!category) throw new Error('No categories are defined.');
    const candidates = category.genres.flatMap((genre) => pool.get(genre) ?? []);
    const source = candidates.length >= 20 ? candidates : everything;
    const size = Math.min(source.length, random.int(20, 100));
    const picked = new Set<string>();
    for (let tries = 0; picked.size < size && tries < size * 10; tries += 1) picked.add(random.pick(source));
    const mood = random.pick(['Essentials', 'Mix', 'Hits', 'Deep Cuts', 'Rising', 'Classics', 'Radar', 'Session']);
    return {
      id: catalogIdFor(seed, 'playlist', index),
      name: index < chosen.length ? `${category.name} ${mood}` : `${random.pick(adjectives)} ${category.name} ${mood}`,
      description: `${random.pick(['The best of', 'Fresh', 'Timeless', 'Handpicked', 'All-day'])} ${category.name.toLowerCase()}, updated by Graphonic.`,
      categoryIds: [category.id],
      trackIds: [...picked],
    };
  });
}

export function generateShows(
  seed: string,
  sizes: CatalogSizes,
): { shows: GeneratedShow[]; episodes: GeneratedEpisode[] } {
  const random = new Random(`${seed}:shows`);
  const shows: GeneratedShow[] = Array.from({ length: sizes.shows }, (_, index) => {
    const [topic, blurb] = showTopics[index % showTopics.length] ?? showTopics[0];
    const host = `${random.pick(firstNames)} ${random.pick(surnames)}`;
    return {
      id: catalogIdFor(seed, 'show', index),
      name: index < showTopics.length ? `${topic} with ${host}` : `The ${random.pick(adjectives)} ${topic}`,
      publisher: random.pick(publishers),
      description: `${blurb} Hosted by ${host}.`,
      languages: [random.chance(0.85) ? 'en' : random.pick(['sv', 'de', 'es', 'fr'])],
      explicit: random.chance(0.15),
    };
  });
  const episodes: GeneratedEpisode[] = [];
  for (let index = 0; index < sizes.episodes; index += 1) {
    // Every show gets episodes; the remainder goes round the shows again.
    const show = shows[index % shows.length];
    if (!show) break;
    const number = Math.floor(index / shows.length) + 1;
    const day = new Date(Date.UTC(2026, 9, 31) - (sizes.episodes - index) * 86_400_000 * 2);
    episodes.push({
      id: catalogIdFor(seed, 'episode', index),
      showId: show.id,
      name: `${number}. ${random.pick(adjectives)} ${plural(random.pick(nouns))}`,
      description: `Episode ${number}: ${random.pick(verbs).toLowerCase()} ${plural(random.pick(nouns)).toLowerCase()} and what they tell us.`,
      durationMs: random.int(10, 90) * 60_000 + random.int(0, 59_999),
      language: show.languages[0] ?? 'en',
      releaseDate: day.toISOString().slice(0, 10),
      explicit: show.explicit && random.chance(0.5),
    });
  }
  return { shows, episodes };
}
