import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * A graphql-ws client of the api's /graphql WebSocket for tests: with the headers a browser would send on the
 * upgrade (its Origin and cookie) or `connectionParams` as a third-party client sends them, and subscriptions
 * whose results the test waits for.
 */

export interface LiveClientOptions {
  headers?: Record<string, string>;
  connectionParams?: Record<string, unknown>;
}

export function liveClient(apiUrl: string, options: LiveClientOptions = {}): Client {
  const headers = options.headers ?? {};
  class WebSocketWithHeaders extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: `${apiUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocketWithHeaders,
    connectionParams: options.connectionParams,
    lazy: true,
    retryAttempts: 0,
  });
}

/** One subscription's results as they arrive, its errors, and whether it completed. */
export class Watch<Data = Record<string, unknown>> {
  readonly results: FormattedExecutionResult<Data, unknown>[] = [];
  errors: readonly GraphQLFormattedError[] | undefined;
  completed = false;
  private readonly waiters = new Set<() => void>();
  private readonly stop: () => void;

  constructor(client: Client, query: string, variables?: Record<string, unknown>) {
    this.stop = client.subscribe<Data>(
      { query, variables },
      {
        next: (result) => {
          this.results.push(result);
          this.wake();
        },
        error: (error: unknown) => {
          this.errors = Array.isArray(error)
            ? (error as GraphQLFormattedError[])
            : [{ message: error instanceof Error ? error.message : String(error) }];
          this.wake();
        },
        complete: () => {
          this.completed = true;
          this.wake();
        },
      },
    );
  }

  /** The first result that satisfies `test` (checking those already here), or a timeout error. */
  async until(
    test: (result: FormattedExecutionResult<Data, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<FormattedExecutionResult<Data, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.results.find(test);
      if (found) return found;
      if (this.errors) throw new Error(`The subscription failed: ${JSON.stringify(this.errors)}`);
      if (this.completed) throw new Error('The subscription completed before the result came.');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No such result within ${timeoutMs} ms; got ${JSON.stringify(this.results)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The errors the subscription ended with (an `error` message, or a result's errors), or a timeout error. */
  async failure(timeoutMs = 5000): Promise<readonly GraphQLFormattedError[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const inResult = this.results.find((result) => result.errors)?.errors;
      if (this.errors ?? inResult) return this.errors ?? inResult ?? [];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No error within ${timeoutMs} ms; got ${JSON.stringify(this.results)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  dispose(): void {
    this.stop();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
  }
}

/** The codes of a subscription's errors. */
export const codesOf = (errors: readonly GraphQLFormattedError[]): unknown[] =>
  errors.map((error) => error.extensions?.code);

/** Waits until `test` holds, checking every 20 ms, or fails after `timeoutMs`. */
export async function eventually(test: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
