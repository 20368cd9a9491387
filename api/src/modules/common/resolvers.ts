import type { Resolvers } from '../../__generated__/resolvers-types';

const upstreamNames = {
  local: 'Graphonic Music',
  spotify: 'Spotify',
} as const;

export const commonResolvers: Resolvers = {
  Query: {
    upstream: (_parent, _args, { config }) => ({
      provider: config.provider === 'spotify' ? 'SPOTIFY' : 'LOCAL',
      name: upstreamNames[config.provider],
    }),
  },
};
