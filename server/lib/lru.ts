/**
 * A small in-process cache: at most `capacity` entries, the least recently used dropped first,
 * each entry forgotten `ttlMs` after it was set (never, without a ttl).
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.at >= this.ttlMs) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One Lru per owner object (a database client, say): made on first use, gone with its owner. */
export function lruPerOwner<V>(capacity: number, ttlMs?: number): (owner: object) => Lru<V> {
  const caches = new WeakMap<object, Lru<V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = new Lru<V>(capacity, ttlMs)));
    return cache;
  };
}
