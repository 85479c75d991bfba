import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ImportValidationError, importJsonl } from "~/server/domain/import";
import { bucketOf, partsFor } from "~/server/domain/import/partition";
import { cardOfInteraction, encodeRefs } from "~/server/domain/import/ref-lines";
import { laneOf } from "~/server/domain/import/write-context";
import { openTestDb, type TTestDb } from "../helpers/db";
import { linesSource, resetData, rowsBySlug } from "./helpers";
import { EXPECTED, FILE, j } from "./invalid-fixture";

/**
 * Memory stays bounded: an import whose keys exceed `keysInMemory` checks references and writes
 * cards in several passes (partition.ts). The outcome must be exactly that of a single pass.
 */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetData(t.db);
});

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);

/** Cards with interactions (no explicit interaction ids, so cards get their aggregates at insert), trees, network_b profiles. */
function file(): string[] {
  const lines = [
    j({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
    j({ kind: "source_type", slug: "code_host", name: "Code host", group: "code" }),
    j({ kind: "source_type", slug: "social", name: "Social", group: "social" }),
    j({ kind: "participant_type", slug: "fund", name: "Fund" }),
    j({ kind: "category", slug: "fintech", name: "Fintech" }),
    j({ kind: "category", slug: "payments", name: "Payments", parent: "fintech" }),
  ];
  for (let p = 0; p < 8; p++) {
    lines.push(
      j({ kind: "participant", slug: `fund-${p}`, name: `Fund ${p}`, type: "fund", associated_with: p > 0 ? `fund-${p - 1}` : null }),
    );
  }
  for (let i = 0; i < 40; i++) {
    lines.push(j({ kind: "profile", id: 1000 + i, name: `Founder ${i}` }));
    lines.push(
      j({
        kind: "card",
        slug: `card-${i}`,
        name: `Card ${i}`,
        stage: "seed",
        categories: i % 2 ? ["payments"] : ["fintech"],
        network_a_profile: 1000 + i,
        created_at: new Date(BASE + i * DAY).toISOString(),
      }),
    );
    for (let k = 0; k < (i % 5) + 1; k++) {
      lines.push(
        j({
          kind: "interaction",
          card: `card-${i}`,
          participant: `fund-${(i + k) % 8}`,
          source_type: k % 2 ? "social" : "code_host",
          created_at: new Date(BASE + (i * 7 + k * 3) * DAY).toISOString(),
        }),
      );
    }
  }
  // A card defined twice: the later line wins, in either mode.
  lines.push(j({ kind: "card", slug: "card-3", name: "Card 3, renamed", stage: "seed", created_at: new Date(BASE).toISOString() }));
  for (let u = 0; u < 12; u++) lines.push(j({ kind: "network_b_profile", user_id: String(u), username: `user${u}` }));
  return lines;
}

describe("imports larger than the keys held in memory", () => {
  it("partition the keys by a stable hash", () => {
    expect(bucketOf("card-1")).toBe(bucketOf("card-1"));
    expect(new Set(Array.from({ length: 200 }, (_, i) => bucketOf(`card-${i}`))).size).toBeGreaterThan(100);
    expect([partsFor(0, 10), partsFor(10, 10), partsFor(11, 10), partsFor(10 ** 9, 1)]).toEqual([1, 1, 2, 1024]);
    const rec = {
      card: "card-7",
      participant: "fund-1",
      associated_participant: null,
      source_type: "social",
      created_at: "2025-01-01T00:00:00.000000Z",
    };
    expect(cardOfInteraction(encodeRefs("interaction", 12, null, rec))).toBe("card-7");
    expect(cardOfInteraction(encodeRefs("interaction", 12, "500", { ...rec, card: "c" }))).toBe("c");
  });

  it("spread the cards of one partition over every write lane", () => {
    const keys = Array.from({ length: 4000 }, (_, i) => `company-${i.toString(36)}`);
    for (const parts of [2, 4, 10]) {
      const mine = keys.filter((k) => bucketOf(k) % parts === 0);
      const lane0 = mine.filter((k) => laneOf(k, 2) === 0).length;
      expect(lane0 / mine.length).toBeGreaterThan(0.4);
      expect(lane0 / mine.length).toBeLessThan(0.6);
    }
  });

  it("write the same rows in several passes as in one", async () => {
    const single = await importJsonl(t.db, linesSource(file()));
    const expected = await rowsBySlug(t.db);
    expect(expected.card).toHaveLength(40);
    expect(expected.card.some((r) => r.includes('"interactions_count": 5'))).toBe(true);

    await resetData(t.db);
    // In units of a few records (write-units.ts), each with the aggregates of 3 cards at most.
    const split = await importJsonl(t.db, linesSource(file()), { keysInMemory: 3, unitRecords: 7 });
    expect(split).toEqual(single);
    expect(await rowsBySlug(t.db)).toEqual(expected);
  });

  it("report the same invalid lines, with the same reasons, in several passes as in one", async () => {
    const fail = (keysInMemory?: number) =>
      importJsonl(t.db, linesSource(FILE), { keysInMemory }).catch((e: unknown) => e as ImportValidationError);
    const single = await fail();
    const split = await fail(1);
    expect(split).toBeInstanceOf(ImportValidationError);
    expect(split.invalid).toEqual(single.invalid);
    expect(split.invalid.map((i) => i.line)).toEqual(EXPECTED.map(([line]) => line));
  });

  it("refuse one username for two users and resolve references to the database, in several passes", async () => {
    await importJsonl(t.db, linesSource(file().slice(0, 14)));
    const more = [
      j({ kind: "card", slug: "late", name: "Late", stage: "seed", categories: ["payments"] }),
      j({ kind: "interaction", card: "late", participant: "fund-7", created_at: new Date(BASE).toISOString() }),
      j({ kind: "interaction", card: "late", participant: "fund-9", created_at: new Date(BASE).toISOString() }),
      j({ kind: "network_b_profile", user_id: "1", username: "same" }),
      j({ kind: "network_b_profile", user_id: "2", username: "same" }),
    ];
    const err = (await importJsonl(t.db, linesSource(more), { keysInMemory: 1 }).catch((e: unknown) => e)) as ImportValidationError;
    expect(err.invalid).toEqual([
      { line: 3, reason: "unknown participant 'fund-9'" },
      { line: 5, reason: expect.stringMatching(/username 'same' is already used by user_id 1 \(line 4\)/) as unknown as string },
    ]);
  });
});
