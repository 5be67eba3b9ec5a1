/**
 * A map of at most `capacity` entries; reading an entry makes it the most recent, and adding
 * past capacity evicts the least recently read (the summary cache: the last 10 read).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }
}
