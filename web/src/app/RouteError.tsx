import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Catches what a screen throws while it renders or loads, and shows plain words and a way on,
 * never a blank page. The shell keys it by path, so moving to another screen starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A new version of the app replaced the chunk this screen asked for: a reload fetches the new one.
    const stale = /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    );
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="max-w-md text-neutral-300">
          {stale
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
