import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

/** Loaders of the interactive widgets (menus, popovers, dialogs) that the first screen does not need. */
const widgetLoaders: (() => Promise<unknown>)[] = [];
let prefetched = false;

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

const fetchQuietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/** Adds a loader to the prefetch; one that comes with a later screen is fetched once that one is idle. */
function register(load: () => Promise<unknown>): void {
  widgetLoaders.push(load);
  if (prefetched) whenIdle(() => fetchQuietly(load));
}

/**
 * A widget kept out of the first download: it renders `fallback` (a look-alike of its button) until
 * its chunk is in, and its chunk is fetched as soon as the browser is idle after the first screen.
 */
export function deferred<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback: (props: Props) => ReactNode,
): ComponentType<Props> {
  register(load);
  const Widget = lazy(load);
  function Deferred(props: Props) {
    const containerRef = useRef<HTMLSpanElement>(null);
    const clickedEarlyRef = useRef(false);
    return (
      <span ref={containerRef} className="contents">
        <Suspense
          fallback={
            // A click on the look-alike is not lost: the widget gets it once it is in.
            <span className="contents" onClickCapture={() => (clickedEarlyRef.current = true)}>
              {fallback(props)}
            </span>
          }
        >
          <Widget {...(props as ComponentProps<typeof Widget>)} />
          <ReplayClick containerRef={containerRef} clickedEarlyRef={clickedEarlyRef} />
        </Suspense>
      </span>
    );
  }
  return Deferred;
}

/** Passes a click made on a widget's look-alike to the widget's own button, once it has mounted. */
function ReplayClick({
  containerRef,
  clickedEarlyRef,
}: {
  containerRef: RefObject<HTMLSpanElement | null>;
  clickedEarlyRef: RefObject<boolean>;
}) {
  useEffect(() => {
    if (!clickedEarlyRef.current) return;
    clickedEarlyRef.current = false;
    containerRef.current?.querySelector<HTMLElement>('button, a[href]')?.click();
  }, [containerRef, clickedEarlyRef]);
  return null;
}

/**
 * A widget that shows only on request (a dialog): kept out of the first download like `deferred`
 * ones, and fetched with them once the page is idle, so that it opens at once when asked for.
 */
export function lazyWidget<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  register(load);
  return lazy(load);
}

/** Code that no first screen needs but a click soon may: fetched with the deferred widgets. */
export function prefetchLater(load: () => Promise<unknown>): void {
  register(load);
}

/** Fetches every deferred widget's chunk once the page is idle. */
export function prefetchWidgets(): void {
  if (prefetched) return;
  prefetched = true;
  whenIdle(() => widgetLoaders.forEach(fetchQuietly));
}
