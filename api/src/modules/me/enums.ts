import type { AccountProduct, TimeRange } from '../../__generated__/resolvers-types';

/**
 * The music v1 strings behind the me domain's GraphQL enums: Apollo serves these maps, so
 * resolvers read and return the strings (the same maps as the library block of codegen.ts).
 */

/** GraphQL value → `product` of `/me`. */
export const accountProducts = { PREMIUM: 'premium', FREE: 'free', OPEN: 'open' } as const satisfies Record<
  string,
  AccountProduct
>;

/** GraphQL value → `time_range` of `/me/top/{type}`. */
export const timeRanges = {
  SHORT_TERM: 'short_term',
  MEDIUM_TERM: 'medium_term',
  LONG_TERM: 'long_term',
} as const satisfies Record<string, TimeRange>;

/** The product a profile names, or null for a value this API does not know. */
export function accountProduct(value: string | undefined): AccountProduct | null {
  const known: readonly string[] = Object.values(accountProducts);
  return value !== undefined && known.includes(value) ? (value as AccountProduct) : null;
}
