/**
 * A tiny LRU on Map's insertion order: a hit moves the key to the end, overflow drops the head.
 * Capacity counts entries, or whatever `weigh` says (bytes for buffers).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.map.set(key, value);
    this.total += weight;
    while (this.total > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.total -= this.weigh(value);
  }

  get size(): number {
    return this.map.size;
  }
}
