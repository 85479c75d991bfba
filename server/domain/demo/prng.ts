/**
 * Deterministic randomness for the demo data: a per-entity generator seeded from (stream, index),
 * so any entity can be regenerated from its index alone (no state shared between entities, no
 * memory growing with the dataset). Never Math.random.
 */

const SEED = 0x5eed_2024;

/** A 32-bit integer hash of a few integers (murmur3 finaliser over a multiplicative mix). */
export function hash32(...parts: number[]): number {
  let h = SEED;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1) */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** `k` distinct items (k <= list.length) */
  sample<T>(list: readonly T[], k: number): T[] {
    const idx = new Set<number>();
    const n = Math.min(k, list.length);
    while (idx.size < n) idx.add(this.int(list.length));
    return [...idx].map((i) => list[i]!);
  }

  /** index into `weights` chosen proportionally */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
}

/** Streams of entities; each gets its own generators. */
export const STREAM = {
  participant: 1,
  card: 2,
  interaction: 3,
  profile: 4,
  networkB: 5,
  duplicate: 6,
} as const;

export function rngFor(stream: number, index: number, salt = 0): Rng {
  return new Rng(hash32(stream, index, salt));
}

/** Lower-case, dash-separated, ASCII only. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));

/** `YYYY-MM-DD` of a UTC instant (cached per day: the demo formats millions of dates). */
export function isoDay(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let s = dayCache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayCache.size > 20_000) dayCache.clear();
    dayCache.set(day, s);
  }
  return s;
}

/** `YYYY-MM-DDTHH:MM:SS.mmmZ` (Date#toISOString, faster), plus optional extra sub-millisecond digits. */
export function isoTime(ms: number, micros?: number): string {
  const t = Math.floor(ms);
  const rem = t - Math.floor(t / DAY_MS) * DAY_MS;
  const h = Math.floor(rem / 3_600_000);
  const m = Math.floor(rem / 60_000) % 60;
  const sec = Math.floor(rem / 1000) % 60;
  const frac = PAD3[rem % 1000]! + (micros === undefined ? "" : PAD3[micros % 1000]!);
  return `${isoDay(t)}T${PAD2[h]}:${PAD2[m]}:${PAD2[sec]}.${frac}Z`;
}
