import { GraphQLError } from 'graphql';
import type { PlayerSnapshot } from './snapshot';

/**
 * Where one feed's readings come from (the local music service's event stream, or a poller): it runs while this
 * instance serves the feed, and stops when nobody watches.
 */
export interface PlayerSource {
  /** Reads now (a poller), or sends the last reading again (a stream): a command just ran, or a client joined. */
  poke(): void;
  stop(): void;
}

/** What a source tells its feed. */
export interface SourceEvents {
  onSnapshot(snapshot: PlayerSnapshot): void;
  /** The listener's credentials cannot read the player (signed out, a token refused, a scope missing): the feed ends. */
  onFailure(error: GraphQLError): void;
}

/** Whether an error means the credentials will not do (as opposed to an upstream that fails for a while). */
export function isCredentialError(error: unknown): error is GraphQLError {
  if (!(error instanceof GraphQLError)) return false;
  const code = error.extensions.code;
  return code === 'UNAUTHENTICATED' || code === 'FORBIDDEN';
}

/** The wait before the `attempt`th retry (from 1): doubling from `baseMs` up to `maxMs`, with jitter. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const bound = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Half fixed, half random: instances that lost the same upstream do not all come back in the same instant.
  return Math.round(bound / 2 + (random() * bound) / 2);
}
