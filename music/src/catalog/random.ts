import { createHash } from 'node:crypto';

/** A seeded pseudo-random source: the same seed gives the same catalog on every machine. */
export class Random {
  private state: number;

  constructor(seed: string) {
    this.state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Roughly normal around `mean` (sum of three uniforms), clamped to [min, max]. */
  around(mean: number, spread: number, min: number, max: number): number {
    const value = mean + ((this.next() + this.next() + this.next()) / 1.5 - 1) * spread;
    return Math.min(max, Math.max(min, value));
  }
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Spotify-style id: 22 base62 characters derived from the seed, the kind and the index. */
export function catalogIdFor(seed: string, kind: string, index: number): string {
  const digest = createHash('sha256').update(`${seed}:${kind}:${index}`).digest();
  let id = '';
  for (let i = 0; i < 22; i += 1) id += base62.charAt((digest[i] ?? 0) % 62);
  return id;
}
