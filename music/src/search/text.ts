/**
 * Text normalisation and the vocabulary of a search index: words are compared lower-cased,
 * without accents or punctuation, and a word not in the vocabulary is matched to its nearest
 * words (one typo in a short word, two in a long one).
 */

/** Letters that Unicode decomposition does not reduce to a plain Latin letter. */
const foldings: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const foldable = new RegExp(`[${Object.keys(foldings).join('')}]`, 'gu');

/** Lower case, no accents, `&` read as "and", apostrophes dropped ("don't" is "dont"). */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(foldable, (letter) => foldings[letter] ?? letter)
    .replace(/['’`]/gu, '')
    .replace(/&/gu, ' and ');
}

/** The normalised words of `text`, in order. */
export function words(text: string): string[] {
  return normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** How many typos a query word may carry: none under four letters, one up to five, two after. */
export function allowedTypos(word: string): number {
  if (word.length < 4) return 0;
  if (word.length < 6) return 1;
  return 2;
}

/**
 * What a word sounds like, for the spellings people type that no count of typos reaches: "midnite" for
 * "midnight", "tonite", "lite", "thru", "fone". Silent "gh" and a closing "e" go, "ph" is "f", "c" and
 * "ck" are "k" (or "s" before e, i and y), "z" is "s", and a doubled letter counts once.
 */
export function soundsLike(word: string): string {
  return word
    .replace(/ough/gu, 'u')
    .replace(/igh/gu, 'i')
    .replace(/ght/gu, 't')
    .replace(/ph/gu, 'f')
    .replace(/ck/gu, 'k')
    .replace(/c(?=[eiy])/gu, 's')
    .replace(/[cq]/gu, 'k')
    .replace(/z/gu, 's')
    .replace(/(?<=..)e$/u, '')
    .replace(/(\p{L})\1+/gu, '$1');
}

/**
 * The edit distance of `a` and `b` counting a swap of two neighbouring letters as one edit
 * (optimal string alignment), or `max + 1` as soon as it is sure to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? max + 1;
}

/** The words of one index, each with a number; sorted once complete, for prefix look-ups. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly terms: string[] = [];
  /** Term ids in the order of their words. */
  private sorted: number[] | undefined;
  /** Term ids by word length, for typo look-ups. */
  private byLength: number[][] | undefined;
  /** Term ids by what they sound like, for spelling look-ups. */
  private bySound: Map<string, number[]> | undefined;
  private readonly fuzzyCache = new Map<string, Map<number, number>>();

  /** The number of `term`, given one when it is new. */
  add(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      this.sorted = undefined;
      this.byLength = undefined;
      this.bySound = undefined;
      this.fuzzyCache.clear();
    }
    return id;
  }

  get size(): number {
    return this.terms.length;
  }

  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  term(id: number): string {
    return this.terms[id] ?? '';
  }

  /** The terms that begin with `prefix` (the term itself included). */
  withPrefix(prefix: string): number[] {
    const sorted = (this.sorted ??= this.terms
      .map((_, id) => id)
      .sort((a, b) => (this.term(a) < this.term(b) ? -1 : this.term(a) > this.term(b) ? 1 : 0)));
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.term(sorted[middle] ?? 0) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let index = low; index < sorted.length; index += 1) {
      const id = sorted[index] ?? 0;
      if (!this.term(id).startsWith(prefix)) break;
      found.push(id);
    }
    return found;
  }

  /**
   * The terms within the typos `word` may carry, `word` itself excluded: term to edit distance. A term
   * spelt another way that sounds the same counts as one typo away.
   */
  near(word: string): Map<number, number> {
    const cached = this.fuzzyCache.get(word);
    if (cached) return cached;
    const max = allowedTypos(word);
    const found = new Map<number, number>();
    if (max > 0) {
      const byLength = (this.byLength ??= this.lengthBuckets());
      for (let length = word.length - max; length <= word.length + max; length += 1) {
        for (const id of byLength[length] ?? []) {
          const term = this.term(id);
          if (term === word) continue;
          const distance = editDistance(word, term, max);
          if (distance <= max) found.set(id, distance);
        }
      }
      const sound = soundsLike(word);
      if (sound.length >= 3) {
        const bySound = (this.bySound ??= this.soundBuckets());
        for (const id of bySound.get(sound) ?? []) {
          if (this.term(id) !== word) found.set(id, Math.min(found.get(id) ?? 1, 1));
        }
      }
    }
    if (this.fuzzyCache.size >= 10_000) this.fuzzyCache.clear();
    this.fuzzyCache.set(word, found);
    return found;
  }

  private soundBuckets(): Map<string, number[]> {
    const buckets = new Map<string, number[]>();
    this.terms.forEach((term, id) => {
      if (allowedTypos(term) === 0) return;
      const sound = soundsLike(term);
      const bucket = buckets.get(sound);
      if (bucket) bucket.push(id);
      else buckets.set(sound, [id]);
    });
    return buckets;
  }

  private lengthBuckets(): number[][] {
    const buckets: number[][] = [];
    this.terms.forEach((term, id) => {
      (buckets[term.length] ??= []).push(id);
    });
    return buckets;
  }
}
