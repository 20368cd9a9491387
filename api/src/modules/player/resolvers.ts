import type { Resolvers } from '../../__generated__/resolvers-types';

export const playerResolvers: Resolvers = {};
