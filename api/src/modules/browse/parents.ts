import type { V1Recommendations } from '../../music/v1';

/** One seed of recommendations, as the upstream describes it. */
export type RecommendationSeedParent = V1Recommendations['seeds'][number];
