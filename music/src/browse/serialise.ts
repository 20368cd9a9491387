import * as objects from '../http/objects';
import type { Recommendations } from './recommendations';

/** Recommendations in Spotify's shape: each seed with its pool sizes, then the tracks. */
export function recommendationsJson(
  urls: objects.Urls,
  found: Recommendations,
  tracks: ReadonlyMap<string, objects.TrackRecord>,
) {
  return {
    seeds: found.seeds.map((seed) => ({
      afterFilteringSize: seed.afterFilteringSize,
      afterRelinkingSize: seed.afterFilteringSize,
      href:
        seed.type === 'ARTIST'
          ? `${urls.api}/artists/${seed.id}`
          : seed.type === 'TRACK'
            ? `${urls.api}/tracks/${seed.id}`
            : `${urls.api}/recommendations/available-genre-seeds`,
      id: seed.id,
      initialPoolSize: seed.initialPoolSize,
      type: seed.type,
    })),
    tracks: found.trackIds.flatMap((id) => {
      const track = tracks.get(id);
      return track ? [objects.track(urls, track)] : [];
    }),
  };
}
