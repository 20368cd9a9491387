import type { QueryWord } from './query';
import { Vocabulary, words } from './text';

/**
 * An in-memory full-text index over one kind of record (tracks, albums, ...). Each record has
 * a few text fields, the first being its name (a track also has its artists' and album's
 * names), and a popularity. Records are numbered in the order they were added (ordinals).
 *
 * It keeps, per field, the records of each word (postings), and per record its words
 * (forward index), in typed arrays: memory grows with the catalog, linearly.
 */

/** How well a query word matched a record's word. */
const Quality = { FarTypo: 1, Typo: 2, Prefix: 3, Exact: 4 } as const;
type Quality = (typeof Quality)[keyof typeof Quality];

/** How a record ranks: lower first. Ties go to the more popular record, then the lower ordinal. */
export const Tier = {
  /** The name is the query. */
  ExactName: 0,
  /** The name begins with the query. */
  NamePrefix: 1,
  /** Every word is in the name. */
  NameWords: 2,
  /** Every word is in the record (its name, artists, album). */
  Words: 3,
  /** Some word matched only the beginning of a word. */
  Prefix: 4,
  /** Some word matched with one typo. */
  Typo: 5,
  /** Some word matched with two typos. */
  FarTypo: 6,
} as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

/** A condition on words: `terms` (word numbers) with their quality, in the fields of `fields` (a bit mask). */
interface Constraint {
  terms: Map<number, Quality>;
  /** `terms` as a table by word number (0: no match), read for every word of every candidate. */
  quality: Uint8Array;
  fields: number;
  /** A plain query word: it counts for the rank. */
  ranked: boolean;
}

export interface TextQuery {
  /** Plain words: each must match one of the record's fields. */
  words: readonly QueryWord[];
  /** Words that must match in a given field, by field number (`artist:` and the like). */
  fieldWords?: ReadonlyArray<readonly [field: number, words: readonly string[]]>;
  /** Another condition on records (years, genres, tags). */
  accept?: (ordinal: number) => boolean;
}

export interface TextResult {
  /** The matching ordinals, best first: every one, or the best `keep` when `search` was given it. */
  ordinals: Int32Array;
  tiers: Uint8Array;
  /** How many records matched in all. */
  total: number;
}

export class TextIndexBuilder {
  private readonly vocabulary = new Vocabulary();
  private readonly popularity: number[] = [];
  private readonly offsets: number[] = [0];
  private readonly terms: number[] = [];
  private readonly postings: Map<number, number[]>[];

  constructor(private readonly fieldCount: number) {
    this.postings = Array.from({ length: fieldCount }, () => new Map<number, number[]>());
  }

  /** Adds a record: its popularity and the texts of each field. Answers its ordinal. */
  add(popularity: number, fields: ReadonlyArray<readonly string[]>): number {
    const ordinal = this.popularity.length;
    this.popularity.push(popularity);
    for (let field = 0; field < this.fieldCount; field += 1) {
      for (const text of fields[field] ?? []) {
        for (const word of words(text)) {
          const term = this.vocabulary.add(word);
          this.terms.push(term);
          let list = this.postings[field]?.get(term);
          if (!list) {
            list = [];
            this.postings[field]?.set(term, list);
          }
          if (list.at(-1) !== ordinal) list.push(ordinal);
        }
      }
      this.offsets.push(this.terms.length);
    }
    return ordinal;
  }

  build(): TextIndex {
    return new TextIndex(
      this.fieldCount,
      this.vocabulary,
      Uint8Array.from(this.popularity),
      Int32Array.from(this.offsets),
      Int32Array.from(this.terms),
      this.postings.map((field) => new Map([...field].map(([term, list]) => [term, Int32Array.from(list)]))),
    );
  }
}

export class TextIndex {
  /** Marks the records seen by the query running now (searches run one at a time). */
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly allFields: number;

  constructor(
    readonly fieldCount: number,
    readonly vocabulary: Vocabulary,
    readonly popularity: Uint8Array,
    /** Where the words of record `r`'s field `f` start in `terms`: `offsets[r * fieldCount + f]`. */
    private readonly offsets: Int32Array,
    private readonly terms: Int32Array,
    private readonly postings: Map<number, Int32Array>[],
  ) {
    this.seen = new Uint32Array(popularity.length);
    this.allFields = (1 << fieldCount) - 1;
  }

  get size(): number {
    return this.popularity.length;
  }

  /**
   * The records matching `query`, ranked. With no words at all, every accepted record, by
   * popularity. With `keep`, only the best `keep` are ranked and answered (and `total` counts
   * them all): a page never reaches deeper than its API allows.
   */
  search(query: TextQuery, keep = Number.POSITIVE_INFINITY): TextResult {
    const strict = this.run(query, false, keep);
    if (strict.total > 0 || !query.words.some((word) => !word.exact)) return strict;
    // Nothing matched as typed: try again letting every word carry typos.
    return this.run(query, true, keep);
  }

  private matcher(word: QueryWord, typos: boolean, fields: number, ranked: boolean): Constraint {
    const terms = new Map<number, Quality>();
    if (word.prefix) {
      for (const term of this.vocabulary.withPrefix(word.text)) terms.set(term, Quality.Prefix);
    }
    const exact = this.vocabulary.id(word.text);
    if (exact !== undefined) terms.set(exact, Quality.Exact);
    if (!word.exact && (typos || terms.size === 0)) {
      for (const [term, distance] of this.vocabulary.near(word.text)) {
        if (!terms.has(term)) terms.set(term, distance === 1 ? Quality.Typo : Quality.FarTypo);
      }
    }
    const quality = new Uint8Array(this.vocabulary.size);
    for (const [term, q] of terms) quality[term] = q;
    return { terms, quality, fields, ranked };
  }

  private run(query: TextQuery, typos: boolean, keep: number): TextResult {
    const constraints: Constraint[] = query.words.map((word) => this.matcher(word, typos, this.allFields, true));
    for (const [field, fieldWords] of query.fieldWords ?? []) {
      for (const text of fieldWords) {
        constraints.push(this.matcher({ text, exact: false, prefix: false }, typos, 1 << field, false));
      }
    }
    if (constraints.some((constraint) => constraint.terms.size === 0)) return empty;

    const candidates = constraints.length === 0 ? undefined : this.candidates(constraints);
    const count = candidates ? candidates.length : this.size;
    const keys = new Float64Array(count);
    let found = 0;
    const bestQuality = new Uint8Array(constraints.length);
    const inName = new Uint8Array(constraints.length);
    for (let index = 0; index < count; index += 1) {
      const ordinal = candidates ? (candidates[index] ?? 0) : index;
      if (query.accept && !query.accept(ordinal)) continue;
      if (!this.matches(ordinal, constraints, bestQuality, inName)) continue;
      // Rank (tier and closeness), then popularity (higher first), then ordinal: one sortable number.
      const rank = this.rank(ordinal, query.words, constraints, bestQuality, inName);
      keys[found] = (rank * 256 + (255 - (this.popularity[ordinal] ?? 0))) * ordinalBits + ordinal;
      found += 1;
    }
    const matched = keys.subarray(0, found);
    const kept = Math.min(found, keep);
    // The best `kept` first (keys are distinct: each ends with its ordinal), then only those sorted.
    if (kept < found) selectSmallest(matched, kept);
    const sorted = matched.subarray(0, kept).sort();
    const ordinals = new Int32Array(kept);
    const tiers = new Uint8Array(kept);
    for (let index = 0; index < kept; index += 1) {
      const key = sorted[index] ?? 0;
      ordinals[index] = key % ordinalBits;
      tiers[index] = Math.floor(key / ordinalBits / 256 / 16);
    }
    return { ordinals, tiers, total: found };
  }

  /** The records that meet the most selective constraint, each once. */
  private candidates(constraints: Constraint[]): number[] {
    let best: Constraint | undefined;
    let bestCount = Number.POSITIVE_INFINITY;
    for (const constraint of constraints) {
      let count = 0;
      for (const term of constraint.terms.keys()) {
        for (let field = 0; field < this.fieldCount; field += 1) {
          if (constraint.fields & (1 << field)) count += this.postings[field]?.get(term)?.length ?? 0;
        }
      }
      if (count < bestCount) {
        best = constraint;
        bestCount = count;
      }
    }
    if (!best) return [];
    this.stamp += 1;
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const out: number[] = [];
    for (const term of best.terms.keys()) {
      for (let field = 0; field < this.fieldCount; field += 1) {
        if (!(best.fields & (1 << field))) continue;
        const list = this.postings[field]?.get(term);
        if (!list) continue;
        for (const ordinal of list) {
          if (this.seen[ordinal] !== this.stamp) {
            this.seen[ordinal] = this.stamp;
            out.push(ordinal);
          }
        }
      }
    }
    return out;
  }

  /** Whether record `ordinal` meets every constraint; fills each one's best quality and whether it was in the name. */
  private matches(ordinal: number, constraints: Constraint[], quality: Uint8Array, inName: Uint8Array): boolean {
    const base = ordinal * this.fieldCount;
    for (let c = 0; c < constraints.length; c += 1) {
      const constraint = constraints[c];
      if (!constraint) continue;
      const table = constraint.quality;
      let best = 0;
      let name = 0;
      for (let field = 0; field < this.fieldCount; field += 1) {
        if (!(constraint.fields & (1 << field))) continue;
        const end = this.offsets[base + field + 1] ?? 0;
        for (let at = this.offsets[base + field] ?? 0; at < end; at += 1) {
          const q = table[this.terms[at] ?? 0] ?? 0;
          if (q === 0) continue;
          if (q > best || (q === best && field === 0)) {
            best = q;
            name = field === 0 ? 1 : 0;
          }
        }
      }
      if (best === 0) return false;
      quality[c] = best;
      inName[c] = name;
    }
    return true;
  }

  /**
   * The record's tier and, within it, how close its name is to the query (0 when the name is
   * the query's words, 1 when it begins with them, then 2 plus the words found elsewhere only),
   * as one number: `tier * 16 + closeness`.
   */
  private rank(
    ordinal: number,
    queryWords: readonly QueryWord[],
    constraints: Constraint[],
    quality: Uint8Array,
    inName: Uint8Array,
  ): number {
    if (queryWords.length === 0) return Tier.ExactName * 16;
    let lowest: number = Quality.Exact;
    let misses = 0;
    // The plain words' constraints come first, in query order.
    for (let c = 0; c < queryWords.length; c += 1) {
      lowest = Math.min(lowest, quality[c] ?? 0);
      if (!inName[c]) misses += 1;
    }
    const nameStart = this.offsets[ordinal * this.fieldCount] ?? 0;
    const nameLength = (this.offsets[ordinal * this.fieldCount + 1] ?? 0) - nameStart;
    let shaped = nameLength >= queryWords.length;
    for (let w = 0; w < queryWords.length && shaped; w += 1) {
      shaped = (constraints[w]?.quality[this.terms[nameStart + w] ?? 0] ?? 0) !== 0;
    }
    const closeness = shaped ? (nameLength === queryWords.length ? 0 : 1) : 2 + Math.min(misses, 13);
    let tier: Tier;
    if (lowest >= Quality.Prefix && shaped) {
      tier = closeness === 0 && lowest === Quality.Exact ? Tier.ExactName : Tier.NamePrefix;
    } else if (lowest === Quality.FarTypo) tier = Tier.FarTypo;
    else if (lowest === Quality.Typo) tier = Tier.Typo;
    else if (lowest === Quality.Prefix) tier = Tier.Prefix;
    else tier = misses === 0 ? Tier.NameWords : Tier.Words;
    return tier * 16 + closeness;
  }
}

/** Ordinals take the low 24 bits of a sort key (catalogs of up to 16 million records of a kind). */
const ordinalBits = 2 ** 24;

const empty: TextResult = { ordinals: new Int32Array(0), tiers: new Uint8Array(0), total: 0 };

/**
 * Reorders `keys` (distinct numbers) so that its `k` smallest come first, in no particular
 * order: Hoare's selection, in place, in linear time on average.
 */
export function selectSmallest(keys: Float64Array, k: number): void {
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    // The median of three as the pivot keeps sorted and reversed input linear.
    const middle = (low + high) >>> 1;
    const a = keys[low] ?? 0;
    const b = keys[middle] ?? 0;
    const c = keys[high] ?? 0;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((keys[i] ?? 0) < pivot) i += 1;
      while ((keys[j] ?? 0) > pivot) j -= 1;
      if (i <= j) {
        const swap = keys[i] ?? 0;
        keys[i] = keys[j] ?? 0;
        keys[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    // Now [low, j] <= pivot <= [i, high]; go on in the side that holds the k-th smallest.
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else return;
  }
}
