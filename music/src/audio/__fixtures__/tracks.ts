import type { CatalogStore } from '../../catalog/reads';
import type { AudioFeaturesRecord } from '../../http/objects';

/** A track's audio features for tests: middling values, with `overrides` on top. */
export function trackFeatures(trackId: string, overrides: Partial<AudioFeaturesRecord> = {}): AudioFeaturesRecord {
  return {
    trackId,
    durationMs: 180_000,
    tempo: 120,
    key: 0,
    mode: 1,
    timeSignature: 4,
    energy: 0.5,
    danceability: 0.5,
    valence: 0.5,
    acousticness: 0.5,
    instrumentalness: 0.5,
    liveness: 0.1,
    speechiness: 0.05,
    loudness: -8,
    ...overrides,
  };
}

/** A catalog that knows only these tracks' audio features: all the audio routes ask of it. */
export function featuresStore(...tracks: AudioFeaturesRecord[]): CatalogStore {
  const byId = new Map(tracks.map((track) => [track.trackId, track]));
  const store: Pick<CatalogStore, 'audioFeatures'> = {
    audioFeatures: (ids) => {
      const found = new Map<string, AudioFeaturesRecord>();
      for (const id of ids) {
        const track = byId.get(id);
        if (track) found.set(id, track);
      }
      return Promise.resolve(found);
    },
  };
  // The audio routes read nothing else of the catalog.
  return store as CatalogStore;
}
