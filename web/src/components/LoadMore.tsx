import { useEffect, useEffectEvent, useRef, useState } from 'react';

interface LoadMoreProps {
  hasMore: boolean;
  /** Fetches the next page; resolves when it is in. */
  onMore: () => Promise<unknown>;
  /** Loads on its own when scrolled into view (infinite scroll); the button stays for keyboards. */
  auto?: boolean;
  label?: string;
}

/**
 * The end of a paged list: loads the next page when it comes into view (when `auto`), or when its
 * button is pressed. One page at a time, however fast the person scrolls.
 */
export function LoadMore({ hasMore, onMore, auto = true, label = 'Load more' }: LoadMoreProps) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement | null>(null);

  const more = async () => {
    if (loading || !hasMore) return;
    setLoading(true);
    setFailed(false);
    try {
      await onMore();
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const onVisible = useEffectEvent(() => {
    if (!failed) void more();
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!auto || !hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!loading && entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '600px 0px' },
    );
    // Observing again after each page reports at once whether the end is still in view (a short page).
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-6">
      {failed && (
        <p role="alert" className="text-sm text-red-300">
          The next page could not be loaded.
        </p>
      )}
      <button
        type="button"
        disabled={loading}
        onClick={() => void more()}
        className="min-h-11 sm:min-h-0 rounded-full px-5 py-2 text-sm font-semibold ring-1 ring-white/30 hover:ring-white disabled:opacity-60"
      >
        {loading ? 'Loading…' : failed ? 'Try again' : label}
      </button>
    </div>
  );
}
