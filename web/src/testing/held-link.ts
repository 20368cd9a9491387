import { ApolloLink } from '@apollo/client/link';
import { Observable } from 'rxjs';

/**
 * A link that holds each operation of the names given until the test lets it through: what a screen
 * shows while an answer is on its way is then seen on any machine, however busy, with no race against a delay.
 */
export interface HeldOperations {
  link: ApolloLink;
  /** Lets the oldest held operation of this name through (or the next one, as soon as it comes). */
  release: (operationName: string) => void;
}

export function holdOperations(operationNames: readonly string[]): HeldOperations {
  const waiting = new Map<string, (() => void)[]>();
  const released = new Map<string, number>();
  const take = (name: string, go: () => void) => {
    const early = released.get(name) ?? 0;
    if (early > 0) {
      released.set(name, early - 1);
      go();
      return;
    }
    waiting.set(name, [...(waiting.get(name) ?? []), go]);
  };
  const link = new ApolloLink((operation, forward) => {
    const name = operation.operationName;
    if (!name || !operationNames.includes(name)) return forward(operation);
    return new Observable((observer) => {
      let subscription: { unsubscribe: () => void } | undefined;
      let closed = false;
      take(name, () => {
        if (!closed) subscription = forward(operation).subscribe(observer);
      });
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    });
  });
  const release = (name: string) => {
    const queue = waiting.get(name) ?? [];
    const next = queue.shift();
    if (next) next();
    else released.set(name, (released.get(name) ?? 0) + 1);
  };
  return { link, release };
}
