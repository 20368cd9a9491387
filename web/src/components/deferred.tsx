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
  widgetLoaders.push(load);
  return lazy(load);
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
