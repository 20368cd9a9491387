import type { Resolvers } from '../__generated__/resolvers-types';
import { browseResolvers } from './browse/resolvers';
import { catalogResolvers } from './catalog/resolvers';
import { commonResolvers } from './common/resolvers';
import { meResolvers } from './me/resolvers';
import { playerResolvers } from './player/resolvers';
import { playlistsResolvers } from './playlists/resolvers';
import { podcastsResolvers } from './podcasts/resolvers';
import { searchResolvers } from './search/resolvers';

/** Every domain's resolvers (one folder per domain of the schema); Apollo merges them into one map. */
export const resolvers: Resolvers[] = [
  commonResolvers,
  catalogResolvers,
  searchResolvers,
  browseResolvers,
  podcastsResolvers,
  meResolvers,
  playlistsResolvers,
  playerResolvers,
];
