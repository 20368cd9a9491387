/**
 * The top result of a search: among the best result of each type, the one whose name is closest to
 * what was typed. The music service ranks each type on its own, so the client picks across types.
 */

export interface Candidate<T> {
  /** The result's name, as compared with the query. */
  name: string;
  value: T;
}

/** Lower case, without accents, punctuation or extra spaces: "Beyoncé!" and "beyonce" compare equal. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a name answers a query: 3 the same, 2 it starts so, 1 it holds it as a word or within, 0 not at all. */
export function nameScore(query: string, name: string): number {
  const q = foldName(query);
  const n = foldName(name);
  if (!q || !n) return 0;
  if (n === q) return 3;
  if (n.startsWith(q)) return 2;
  if (n.includes(q)) return 1;
  return 0;
}

/**
 * The best candidate: the highest score wins, and on a tie the one given first (callers list the
 * types in the order people look for them: artists, songs, albums …). Undefined when there are none.
 */
export function pickTopResult<T>(
  query: string,
  candidates: readonly (Candidate<T> | null | undefined)[],
): Candidate<T> | undefined {
  let best: Candidate<T> | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    if (!candidate) continue;
    const score = nameScore(query, candidate.name);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
