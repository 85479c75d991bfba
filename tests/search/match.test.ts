import { describe, expect, it } from "vitest";
import { matchTier, normalizeName, prefixEditDistance } from "~/server/domain/autocomplete/match";
import { correctQuery, type TVocabulary } from "~/server/domain/autocomplete/vocabulary";

describe("typeahead matching", () => {
  it("normalizes case, accents and punctuation", () => {
    expect(normalizeName("  Zürich—Tech  Labs! ")).toBe("zurich tech labs");
  });

  it("counts the edits from the query to the nearest prefix of a text, swaps as one", () => {
    expect(prefixEditDistance("astrpay", "astrapay technologies", 2)).toBe(1);
    expect(prefixEditDistance("zepyhr", "zephyr", 2)).toBe(1);
    expect(prefixEditDistance("zeph", "zephyr sensors", 1)).toBe(0);
    expect(prefixEditDistance("quantum", "zephyr", 1)).toBe(2);
  });

  it("ranks exact, prefix, word, contains and fuzzy", () => {
    expect(matchTier("Seed", "seed")).toBe("exact");
    expect(matchTier("Seed round", "seed")).toBe("prefix");
    expect(matchTier("Pre-seed", "seed")).toBe("word");
    expect(matchTier("Astrapay", "rapa")).toBe("contains");
    expect(matchTier("San Francisco", "san fransisco")).toBe("fuzzy");
    expect(matchTier("Zephyr", "zeph")).toBe("prefix");
    expect(matchTier("Zephyr", "zpx")).toBeNull();
    // Below 4 letters nothing is a typo away.
    expect(matchTier("Abc", "abd")).toBeNull();
  });

  it("corrects an unknown word to the nearest known words, at most three variants", () => {
    const words = ["astrapay", "astrawise", "robotics", "robots", "systems"];
    const v: TVocabulary = {
      sorted: words,
      byInitial: new Map([
        ["a", words.slice(0, 2)],
        ["r", words.slice(2, 4)],
        ["s", ["systems"]],
      ]),
      loadedAt: 0,
    };
    expect(correctQuery(v, "astrpay")).toEqual(["astrapay"]);
    expect(correctQuery(v, "robotcs")).toEqual(["robots", "robotics"]);
    expect(correctQuery(v, "astrpay sytems")).toEqual(["astrapay systems"]);
    expect(correctQuery(v, "astra")).toEqual([]);
    expect(correctQuery(v, "qwerty")).toEqual([]);
    expect(correctQuery(v, "one two three four astrpay")).toEqual([]);
  });
});
