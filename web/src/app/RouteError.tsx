import { getApolloContext, type ApolloContextValue } from '@apollo/client/react';
import { SignalSlashIcon } from '@heroicons/react/24/outline';
import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { connectionOf } from '../connection';
import { retryFailedScreens } from './screens';

/**
 * Why a screen's code did not come:
 * - `unreachable`: the server did not answer (no network, the api down): it comes once the connection is back;
 * - `updated`: the server answers but no longer has it: a new version of Graphonic replaced it;
 * - `again`: the server answers and has it: worth one more try at once.
 */
export type ChunkFailure = 'unreachable' | 'updated' | 'again';

/** Whether an error is the browser's failure to fetch a lazily imported module. */
export function isChunkError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** The module's address, as the browser names it in its message (Chromium and Firefox do). */
export function chunkUrlOf(error: Error): string | undefined {
  return /(https?:\/\/\S+?\.m?js)\b/.exec(error.message)?.[1];
}

/**
 * Asks the server for the module that failed (or, without its address, whether the server answers at
 * all): no answer is an outage, a 404 a new version, anything else a failure worth one more try.
 */
export async function classifyChunkFailure(error: Error, fetcher: typeof fetch = fetch): Promise<ChunkFailure> {
  const url = chunkUrlOf(error);
  try {
    const response = await fetcher(url ?? '/healthz', { method: 'HEAD', cache: 'no-store' });
    if (response.status === 404) return 'updated';
    // The server is there but cannot answer well: as good as out of reach.
    if (response.status >= 500) return 'unreachable';
    return url ? 'again' : 'updated';
  } catch {
    return 'unreachable';
  }
}

interface State {
  error: Error | null;
  /** Why its code did not come, for a screen whose code failed; null while that is being found out. */
  failure: ChunkFailure | null;
  /** Whether the screen's code was already tried again once at once. */
  retried: boolean;
}

const fresh: State = { error: null, failure: null, retried: false };

/**
 * Catches what a screen throws while it renders or loads, and shows plain words and a way on,
 * never a blank page. The shell keys it by path, so moving to another screen starts afresh. A screen
 * whose code could not be fetched because the server is out of reach waits quietly (the connection
 * banner says why) and loads once the connection is back; only a real new version says so.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  static override contextType = getApolloContext();
  declare context: ContextType<typeof ScreenErrorBoundary.contextType>;
  override state: State = fresh;
  private stopWaiting: (() => void) | undefined;
  private unmounted = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), failure: null };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isChunkError(error)) {
      console.error('A screen failed to render', error, info.componentStack);
      return;
    }
    void classifyChunkFailure(error).then((failure) => this.onChunkFailure(failure));
  }

  override componentWillUnmount(): void {
    this.unmounted = true;
    this.stopWaiting?.();
  }

  private onChunkFailure(failure: ChunkFailure): void {
    if (this.unmounted) return;
    if (failure === 'again' && !this.state.retried) {
      retryFailedScreens();
      this.setState({ ...fresh, retried: true });
      return;
    }
    if (failure !== 'unreachable') {
      this.setState({ failure });
      return;
    }
    this.setState({ failure });
    const connection = connectionOf((this.context as ApolloContextValue | undefined)?.client);
    if (!connection) return;
    // The banner says it and tries again; the screen comes with the answers.
    connection.failed('api');
    this.stopWaiting?.();
    const stop = connection.onRecovered(() => {
      stop();
      this.stopWaiting = undefined;
      if (this.unmounted) return;
      retryFailedScreens();
      this.setState(fresh);
    });
    this.stopWaiting = stop;
  }

  override render(): ReactNode {
    const { error, failure } = this.state;
    if (!error) return this.props.children;
    if (isChunkError(error) && (failure === null || failure === 'unreachable')) {
      return (
        <div
          data-error-state
          className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center text-neutral-400"
        >
          <SignalSlashIcon aria-hidden="true" className="size-10" />
          <h1 className="text-lg font-semibold text-neutral-200">Waiting for the connection</h1>
          <p>This screen loads by itself as soon as Graphonic can be reached.</p>
        </div>
      );
    }
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="max-w-md text-neutral-300">
          {failure === 'updated'
            ? 'Graphonic was updated while you were here. Reload the page to continue.'
            : 'This screen could not be shown. Reload the page, or go back to the start.'}
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-white px-5 py-2 font-semibold text-black"
          >
            Reload
          </button>
          <a href="/" className="rounded-full px-5 py-2 font-semibold text-neutral-300 ring-1 ring-white/30">
            Go home
          </a>
        </div>
      </div>
    );
  }
}
