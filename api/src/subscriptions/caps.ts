import { GraphQLError } from 'graphql';

/**
 * How many subscriptions one WebSocket connection, and one listener on this instance, may hold at once. A
 * client needs one (the player); a few tabs of one listener need a few. The bounds keep one connection or one
 * listener from holding an instance's memory and upstream streams.
 */
export interface SubscriptionCapLimits {
  perConnection: number;
  perListener: number;
}

export const defaultSubscriptionCaps: SubscriptionCapLimits = { perConnection: 10, perListener: 50 };

function capError(message: string, limit: string, maximum: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'RATE_LIMITED', limit, maximum } });
}

/** The subscriptions held, by connection and by listener; a reservation is released once, however often asked. */
export class SubscriptionCaps {
  private readonly byListener = new Map<string, number>();
  private readonly held = new Map<object, Map<string, string>>();

  constructor(private readonly limits: SubscriptionCapLimits = defaultSubscriptionCaps) {}

  /** Holds a place for subscription `id` of `connection` for `listener`, or answers why not. */
  reserve(connection: object, id: string, listener: string): GraphQLError | null {
    const mine = this.held.get(connection) ?? new Map<string, string>();
    if (mine.size >= this.limits.perConnection) {
      return capError(
        `Subscription limit exceeded: this connection holds ${mine.size} subscriptions and the limit is ${this.limits.perConnection}.`,
        'subscriptionsPerConnection',
        this.limits.perConnection,
      );
    }
    const count = this.byListener.get(listener) ?? 0;
    if (count >= this.limits.perListener) {
      return capError(
        `Subscription limit exceeded: you hold ${count} subscriptions on this server and the limit is ${this.limits.perListener}; close some tabs or clients.`,
        'subscriptionsPerListener',
        this.limits.perListener,
      );
    }
    mine.set(id, listener);
    this.held.set(connection, mine);
    this.byListener.set(listener, count + 1);
    return null;
  }

  release(connection: object, id: string): void {
    const mine = this.held.get(connection);
    const listener = mine?.get(id);
    if (!mine || listener === undefined) return;
    mine.delete(id);
    if (mine.size === 0) this.held.delete(connection);
    const count = (this.byListener.get(listener) ?? 1) - 1;
    if (count <= 0) this.byListener.delete(listener);
    else this.byListener.set(listener, count);
  }

  releaseAll(connection: object): void {
    for (const id of [...(this.held.get(connection)?.keys() ?? [])]) this.release(connection, id);
  }

  /** Subscriptions `connection` holds. */
  of(connection: object): number {
    return this.held.get(connection)?.size ?? 0;
  }

  total(): number {
    let total = 0;
    for (const count of this.byListener.values()) total += count;
    return total;
  }
}
