import type { AlbumGroup, AlbumType, ReleaseDatePrecision } from '../__generated__/graphql';

const albumTypeNames: Record<AlbumType, string> = { ALBUM: 'Album', SINGLE: 'Single', COMPILATION: 'Compilation' };

/** "Album", "Single", "Compilation": what a release is, as a header's kind or a card's line. */
export function albumTypeName(type: AlbumType): string {
  return albumTypeNames[type];
}

/** The headings of an artist's discography, in the order they are shown. */
export const albumGroups: readonly { group: AlbumGroup; title: string }[] = [
  { group: 'ALBUM', title: 'Albums' },
  { group: 'SINGLE', title: 'Singles and EPs' },
  { group: 'COMPILATION', title: 'Compilations' },
  { group: 'APPEARS_ON', title: 'Appears on' },
];

const monthFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A release date as exact as the music service knows it: "2002", "October 2002" or "October 3, 2002".
 * A date it cannot read is shown as given.
 */
export function formatReleaseDate(releaseDate: string, precision: ReleaseDatePrecision): string {
  const [year = '', month = '01', day = '01'] = releaseDate.split('-');
  if (precision === 'YEAR' || !/^\d{4}$/.test(year)) return year || releaseDate;
  const date = new Date(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return releaseDate;
  return (precision === 'MONTH' ? monthFormat : dayFormat).format(date);
}

/** One disc of an album: its number and its tracks, each with its place in the whole album (from 0). */
export interface Disc<T> {
  number: number;
  tracks: { item: T; position: number }[];
}

/**
 * Splits an album's tracks (in album order) into discs. The position is the track's place in the
 * album as a playback context, which counts across discs.
 */
export function discsOf<T extends { discNumber: number }>(tracks: readonly T[]): Disc<T>[] {
  const discs: Disc<T>[] = [];
  tracks.forEach((item, position) => {
    let disc = discs.find((candidate) => candidate.number === item.discNumber);
    if (!disc) {
      disc = { number: item.discNumber, tracks: [] };
      discs.push(disc);
    }
    disc.tracks.push({ item, position });
  });
  return discs;
}

const compact = new Intl.NumberFormat('en');

/** "1 follower", "3,731 followers". */
export function followersText(count: number): string {
  return `${compact.format(count)} ${count === 1 ? 'follower' : 'followers'}`;
}
