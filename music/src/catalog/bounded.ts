/** Entries by id, bounded: past `max`, the oldest go first. The catalog's and the shows' record caches. */
export class Bounded<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max: number) {}

  get(id: string): T | undefined {
    return this.entries.get(id);
  }

  set(id: string, value: T): void {
    this.entries.set(id, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
