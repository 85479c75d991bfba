import { afterEach, describe, expect, it, vi } from "vitest";
import { Lru, lruPerOwner } from "~/server/lib/lru";

describe("Lru", () => {
  afterEach(() => vi.useRealTimers());

  it("drops the least recently used entry beyond its capacity", () => {
    const cache = new Lru<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("setting a key again replaces its value without growing", () => {
    const cache = new Lru<string>(2);
    cache.set("a", "x");
    cache.set("a", "y");
    expect(cache.get("a")).toBe("y");
    expect(cache.size).toBe(1);
  });

  it("forgets an entry once its time to live has passed", () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const cache = new Lru<number>(10, 1_000);
    cache.set("a", 1);
    vi.setSystemTime(999);
    expect(cache.get("a")).toBe(1);
    vi.setSystemTime(1_000);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("clear forgets everything", () => {
    const cache = new Lru<number>(10);
    cache.set("a", 1);
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("lruPerOwner keeps one cache per owner", () => {
    const cacheOf = lruPerOwner<number>(10);
    const a = {};
    const b = {};
    cacheOf(a).set("k", 1);
    expect(cacheOf(a).get("k")).toBe(1);
    expect(cacheOf(b).get("k")).toBeUndefined();
  });
});
