import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
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
  let Widget = lazy(load);
  // A chunk that could not be fetched (the server out of reach) is asked for again: a new `lazy`, since
  // React keeps a failed one failed for good.
  function Deferred(props: Props) {
    const containerRef = useRef<HTMLSpanElement>(null);
    const clickedEarlyRef = useRef(false);
    const [, setAttempts] = useState(0);
    const reload = () => {
      Widget = lazy(load);
      setAttempts((attempts) => attempts + 1);
    };
    // A click on the look-alike is not lost: the widget gets it once it is in. A press counts too: when the widget
    // comes in between the press and the release, the release lands on the widget's button, which saw no press, and
    // no element gets the click.
    const pressed = () => (clickedEarlyRef.current = true);
    const lookAlike = (
      <span className="contents" onPointerDownCapture={pressed} onClickCapture={pressed}>
        {fallback(props)}
      </span>
    );
    return (
      <span ref={containerRef} className="contents">
        <WidgetBoundary fallback={lookAlike} reload={reload}>
          <Suspense fallback={lookAlike}>
            <Widget {...(props as ComponentProps<typeof Widget>)} />
            <ReplayClick containerRef={containerRef} clickedEarlyRef={clickedEarlyRef} />
          </Suspense>
        </WidgetBoundary>
      </span>
    );
  }
  return Deferred;
}

/** How long a widget whose chunk failed waits before asking again: doubling from the first, up to the last. */
export const widgetRetryMs = { first: 2_000, most: 30_000 } as const;

interface WidgetBoundaryProps {
  fallback: ReactNode;
  reload: () => void;
  children: ReactNode;
}

/**
 * Keeps a widget whose chunk could not be fetched to its look-alike, rather than letting the failure
 * take the whole app down, and asks for the chunk again after a while, doubling the wait each time.
 */
class WidgetBoundary extends Component<WidgetBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  private waitMs: number = widgetRetryMs.first;
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.props.reload();
      this.setState({ failed: false });
    }, this.waitMs);
    this.waitMs = Math.min(this.waitMs * 2, widgetRetryMs.most);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
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
