import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Loaders of the interactive widgets (menus, popovers, dialogs) that the first screen does not need. */
const widgetLoaders: (() => Promise<unknown>)[] = [];
let prefetched = false;

/**
 * A widget kept out of the first download: it renders `fallback` (a look-alike of its button) until
 * its chunk is in, and its chunk is fetched as soon as the browser is idle after the first screen.
 */
export function deferred<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback: (props: Props) => ReactNode,
): ComponentType<Props> {
  widgetLoaders.push(load);
  const Widget = lazy(load);
  function Deferred(props: Props) {
    return (
      <Suspense fallback={fallback(props)}>
        <Widget {...(props as ComponentProps<typeof Widget>)} />
      </Suspense>
    );
  }
  return Deferred;
}

/** Fetches every deferred widget's chunk once the page is idle. */
export function prefetchWidgets(): void {
  if (prefetched) return;
  prefetched = true;
  const run = () => {
    for (const load of widgetLoaders) void load().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
