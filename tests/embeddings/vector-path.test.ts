import { describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { CODED_MAX, EXACT_ALWAYS, startingPath } from "~/server/domain/embeddings/vector-path";

/** The automatic choice of a semantic search's path at its bounds, and the forced paths. */
const codes = Prisma.sql`SELECT 1 AS id, B'1' AS code`;
const indexed = { model: "m", dimensions: 512 };
const unindexed = { model: "m", dimensions: 12 };

describe("startingPath", () => {
  it("ranks exactly up to EXACT_ALWAYS estimated rows, with or without codes", () => {
    for (const s of [{ ref: indexed }, { ref: indexed, codes }]) {
      expect(startingPath(s, 0)).toBe("exact");
      expect(startingPath(s, EXACT_ALWAYS)).toBe("exact");
    }
  });

  it("takes the coded path above EXACT_ALWAYS and up to CODED_MAX when the filter has codes", () => {
    const s = { ref: indexed, codes };
    expect(startingPath(s, EXACT_ALWAYS + 1)).toBe("coded");
    expect(startingPath(s, CODED_MAX)).toBe("coded");
    expect(startingPath(s, CODED_MAX + 1)).toBe("index");
    expect(startingPath({ ref: unindexed, codes }, CODED_MAX + 1)).toBe("exact");
  });

  it("walks the index above EXACT_ALWAYS without codes, exact for sizes without an index", () => {
    expect(startingPath({ ref: indexed }, EXACT_ALWAYS + 1)).toBe("index");
    expect(startingPath({ ref: indexed }, Number.POSITIVE_INFINITY)).toBe("index");
    expect(startingPath({ ref: unindexed }, EXACT_ALWAYS + 1)).toBe("exact");
  });

  it("keeps a forced path where it can run, else ranks exactly", () => {
    expect(startingPath({ ref: indexed, codes, strategy: "coded" }, null)).toBe("coded");
    expect(startingPath({ ref: indexed, strategy: "coded" }, null)).toBe("exact");
    expect(startingPath({ ref: indexed, codes, strategy: "exact" }, null)).toBe("exact");
    expect(startingPath({ ref: indexed, codes, strategy: "index" }, null)).toBe("index");
    expect(startingPath({ ref: unindexed, strategy: "index" }, null)).toBe("exact");
    expect(startingPath({ ref: indexed, strategy: "auto" }, null)).toBe("index");
  });
});
