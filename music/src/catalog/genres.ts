/**
 * Genres with the shape of their audio: tempo, energy, danceability and the rest, so that a
 * drum and bass track is fast and loud and an ambient one slow and instrumental.
 */
export interface GenreProfile {
  name: string;
  tempo: [min: number, max: number];
  energy: number;
  danceability: number;
  acousticness: number;
  instrumentalness: number;
  speechiness: number;
  valence: number;
  /** Typical track length in seconds. */
  seconds: [min: number, max: number];
}

const g = (
  name: string,
  tempo: [number, number],
  energy: number,
  danceability: number,
  acousticness: number,
  instrumentalness: number,
  speechiness: number,
  valence: number,
  seconds: [number, number] = [150, 260],
): GenreProfile => ({
  name,
  tempo,
  energy,
  danceability,
  acousticness,
  instrumentalness,
  speechiness,
  valence,
  seconds,
});

export const genres: GenreProfile[] = [
  g('pop', [95, 130], 0.7, 0.7, 0.15, 0.02, 0.06, 0.6),
  g('dance pop', [110, 128], 0.8, 0.78, 0.08, 0.02, 0.06, 0.65),
  g('indie pop', [90, 130], 0.6, 0.6, 0.3, 0.08, 0.05, 0.55),
  g('k-pop', [100, 135], 0.8, 0.72, 0.1, 0.01, 0.08, 0.62),
  g('rock', [100, 150], 0.8, 0.5, 0.08, 0.05, 0.05, 0.5, [180, 300]),
  g('indie rock', [100, 150], 0.7, 0.5, 0.15, 0.1, 0.05, 0.45, [170, 280]),
  g('alternative', [90, 140], 0.7, 0.5, 0.15, 0.08, 0.05, 0.4, [180, 290]),
  g('punk', [150, 200], 0.92, 0.45, 0.02, 0.03, 0.07, 0.55, [90, 180]),
  g('metal', [100, 190], 0.95, 0.35, 0.01, 0.2, 0.07, 0.25, [220, 400]),
  g('hip hop', [80, 100], 0.7, 0.8, 0.12, 0.01, 0.25, 0.5, [160, 260]),
  g('trap', [130, 160], 0.7, 0.75, 0.08, 0.02, 0.22, 0.4, [140, 220]),
  g('r&b', [65, 100], 0.55, 0.7, 0.25, 0.02, 0.08, 0.5, [180, 270]),
  g('soul', [70, 110], 0.55, 0.6, 0.4, 0.02, 0.05, 0.6, [170, 260]),
  g('funk', [95, 120], 0.75, 0.82, 0.15, 0.05, 0.06, 0.8, [200, 320]),
  g('disco', [110, 130], 0.78, 0.85, 0.1, 0.05, 0.05, 0.85, [200, 360]),
  g('house', [118, 128], 0.82, 0.82, 0.03, 0.6, 0.05, 0.55, [300, 480]),
  g('techno', [125, 140], 0.88, 0.72, 0.01, 0.8, 0.05, 0.3, [330, 540]),
  g('drum and bass', [165, 178], 0.92, 0.6, 0.01, 0.6, 0.06, 0.45, [240, 400]),
  g('dubstep', [138, 142], 0.9, 0.6, 0.01, 0.5, 0.08, 0.3, [200, 320]),
  g('trance', [130, 140], 0.88, 0.6, 0.02, 0.7, 0.04, 0.4, [360, 540]),
  g('ambient', [60, 90], 0.2, 0.25, 0.7, 0.9, 0.04, 0.2, [240, 600]),
  g('lo-fi', [70, 90], 0.35, 0.7, 0.6, 0.8, 0.06, 0.45, [120, 200]),
  g('chillout', [80, 110], 0.4, 0.6, 0.5, 0.6, 0.04, 0.4, [200, 360]),
  g('jazz', [80, 180], 0.4, 0.55, 0.75, 0.6, 0.05, 0.5, [240, 480]),
  g('blues', [70, 120], 0.5, 0.55, 0.6, 0.15, 0.05, 0.45, [180, 330]),
  g('classical', [60, 140], 0.2, 0.25, 0.95, 0.9, 0.04, 0.3, [240, 720]),
  g('soundtrack', [60, 120], 0.35, 0.25, 0.7, 0.85, 0.04, 0.25, [120, 300]),
  g('folk', [80, 130], 0.35, 0.5, 0.85, 0.05, 0.04, 0.5, [170, 280]),
  g('indie folk', [80, 120], 0.4, 0.5, 0.75, 0.1, 0.04, 0.45, [180, 280]),
  g('country', [80, 140], 0.6, 0.6, 0.4, 0.01, 0.04, 0.6, [170, 250]),
  g('bluegrass', [110, 170], 0.6, 0.55, 0.85, 0.2, 0.04, 0.7, [150, 240]),
  g('reggae', [70, 90], 0.6, 0.8, 0.2, 0.05, 0.1, 0.75, [180, 280]),
  g('latin', [90, 130], 0.75, 0.78, 0.2, 0.01, 0.08, 0.75, [170, 250]),
  g('reggaeton', [88, 100], 0.78, 0.8, 0.12, 0.01, 0.12, 0.7, [170, 240]),
  g('afrobeats', [100, 120], 0.75, 0.82, 0.15, 0.02, 0.1, 0.78, [170, 260]),
  g('bossa nova', [110, 140], 0.3, 0.6, 0.85, 0.3, 0.05, 0.6, [150, 240]),
  g('gospel', [70, 120], 0.6, 0.5, 0.4, 0.01, 0.06, 0.65, [200, 330]),
  g('synthwave', [85, 118], 0.7, 0.6, 0.05, 0.6, 0.04, 0.45, [200, 330]),
  g('shoegaze', [90, 130], 0.7, 0.35, 0.1, 0.4, 0.04, 0.3, [220, 360]),
  g('spoken word', [70, 100], 0.3, 0.5, 0.6, 0.0, 0.8, 0.45, [120, 300]),
];

/** Browse categories, each with the genres it gathers. */
export const categories: { id: string; name: string; genres: string[] }[] = [
  { id: 'pop', name: 'Pop', genres: ['pop', 'dance pop', 'indie pop'] },
  { id: 'kpop', name: 'K-Pop', genres: ['k-pop'] },
  { id: 'rock', name: 'Rock', genres: ['rock', 'alternative'] },
  { id: 'indie', name: 'Indie', genres: ['indie rock', 'indie pop', 'indie folk', 'shoegaze'] },
  { id: 'punk', name: 'Punk', genres: ['punk'] },
  { id: 'metal', name: 'Metal', genres: ['metal'] },
  { id: 'hiphop', name: 'Hip-Hop', genres: ['hip hop', 'trap'] },
  { id: 'rnb', name: 'R&B', genres: ['r&b', 'soul'] },
  { id: 'soul', name: 'Soul', genres: ['soul', 'gospel', 'funk'] },
  { id: 'funk', name: 'Funk & Disco', genres: ['funk', 'disco'] },
  { id: 'dance', name: 'Dance/Electronic', genres: ['house', 'techno', 'trance', 'drum and bass', 'dubstep'] },
  { id: 'house', name: 'House', genres: ['house', 'disco'] },
  { id: 'techno', name: 'Techno', genres: ['techno', 'trance'] },
  { id: 'dnb', name: 'Drum & Bass', genres: ['drum and bass', 'dubstep'] },
  { id: 'chill', name: 'Chill', genres: ['chillout', 'lo-fi', 'ambient', 'bossa nova'] },
  { id: 'focus', name: 'Focus', genres: ['lo-fi', 'ambient', 'classical', 'soundtrack'] },
  { id: 'sleep', name: 'Sleep', genres: ['ambient', 'classical'] },
  { id: 'jazz', name: 'Jazz', genres: ['jazz', 'bossa nova'] },
  { id: 'blues', name: 'Blues', genres: ['blues', 'soul'] },
  { id: 'classical', name: 'Classical', genres: ['classical'] },
  { id: 'soundtracks', name: 'Soundtracks', genres: ['soundtrack', 'synthwave'] },
  { id: 'folk', name: 'Folk & Acoustic', genres: ['folk', 'indie folk', 'bluegrass'] },
  { id: 'country', name: 'Country', genres: ['country', 'bluegrass'] },
  { id: 'reggae', name: 'Reggae', genres: ['reggae'] },
  { id: 'latin', name: 'Latin', genres: ['latin', 'reggaeton', 'bossa nova'] },
  { id: 'afro', name: 'Afro', genres: ['afrobeats'] },
  { id: 'workout', name: 'Workout', genres: ['drum and bass', 'trap', 'dance pop', 'punk'] },
  { id: 'party', name: 'Party', genres: ['dance pop', 'reggaeton', 'disco', 'house'] },
  { id: 'retro', name: 'Retro', genres: ['synthwave', 'disco', 'funk'] },
  { id: 'spoken', name: 'Spoken Word', genres: ['spoken word'] },
];
