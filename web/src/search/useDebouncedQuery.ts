import { useEffect, useEffectEvent, useState } from 'react';
import { normalizeQuery } from './url';

/** How long typing must pause before the query is searched. */
export const searchDelayMs = 300;

export interface DebouncedQuery {
  /** What the box holds, as typed. */
  text: string;
  /** Sets what the box holds; the query follows once typing pauses. */
  setText: (text: string) => void;
  /** Searches what the box holds now, without waiting (Enter, the clear button). */
  commitNow: (text?: string) => void;
}

/**
 * The search box's text and the searched query, kept apart: the text changes with every key, the
 * query (`committed`, held by the address) only once typing pauses for `delayMs`. When the query
 * changes by itself (back, forward, a link), the box shows it.
 */
export function useDebouncedQuery(
  committed: string,
  onCommit: (query: string) => void,
  delayMs = searchDelayMs,
): DebouncedQuery {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    // The query moved without the box (back, forward, a link) unless it now says what the box says.
    if (committed !== normalizeQuery(text)) setText(committed);
  }

  const commit = useEffectEvent((query: string) => {
    onCommit(query);
  });

  useEffect(() => {
    const query = normalizeQuery(text);
    if (query === committed) return;
    const timer = setTimeout(() => commit(query), delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);

  const commitNow = (next = text) => {
    setText(next);
    const query = normalizeQuery(next);
    if (query !== committed) onCommit(query);
  };

  return { text, setText, commitNow };
}
