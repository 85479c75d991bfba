import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoLines } from "~/server/domain/demo";

/** The demo dataset generator: deterministic, scaled, well-formed (docs/cli.md `vmon seed --demo`). */

const NOW = new Date("2026-03-15T09:30:00Z");

async function digest(scale: number, now: Date) {
  const hash = createHash("sha256");
  const kinds: Record<string, number> = {};
  const cardSlugs = new Set<string>();
  const participantSlugs = new Set<string>();
  const profileIds = new Set<number>();
  let lines = 0;
  for await (const line of demoLines({ scale, now })) {
    hash.update(line).update("\n");
    lines += 1;
    const rec = JSON.parse(line) as Record<string, unknown>;
    const kind = String(rec.kind);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (kind === "card") cardSlugs.add(String(rec.slug));
    if (kind === "participant") participantSlugs.add(String(rec.slug));
    if (kind === "profile") profileIds.add(Number(rec.id));
  }
  return {
    sha: hash.digest("hex"),
    lines,
    kinds,
    unique: { cards: cardSlugs.size, participants: participantSlugs.size, profiles: profileIds.size },
  };
}

describe("demoLines", () => {
  it("gives the same lines for the same scale and day", async () => {
    const a = await digest(1, NOW);
    const b = await digest(1, new Date("2026-03-15T23:59:59Z"));
    expect(b.sha).toBe(a.sha);
    const other = await digest(1, new Date("2026-03-16T00:00:00Z"));
    expect(other.sha).not.toBe(a.sha);
  });

  it("multiplies the scaled kinds and keeps reference data and keys unique", async () => {
    const one = await digest(1, NOW);
    const two = await digest(2, NOW);
    expect(one.kinds).toMatchObject({
      card: 2000,
      participant: 300,
      network_b_profile: 200,
      stage: 8,
      round: 8,
      source_type: 5,
      collection: 2,
    });
    expect(one.kinds.profile).toBeGreaterThanOrEqual(3000);
    expect(one.kinds.profile).toBeLessThan(3020);
    expect(one.kinds.interaction).toBeGreaterThan(17_000);
    expect(one.kinds.interaction).toBeLessThan(23_000);
    expect(one.kinds.category).toBeGreaterThanOrEqual(40);
    for (const kind of ["card", "participant", "network_b_profile"]) expect(two.kinds[kind]).toBe(2 * one.kinds[kind]!);
    expect(two.kinds.profile! / one.kinds.profile!).toBeCloseTo(2, 2);
    expect(two.kinds.interaction! / one.kinds.interaction!).toBeCloseTo(2, 1);
    for (const kind of ["stage", "round", "category", "location", "source_type", "participant_type", "collection"]) {
      expect(two.kinds[kind]).toBe(one.kinds[kind]);
    }
    expect(two.unique).toEqual({ cards: 4000, participants: 600, profiles: two.kinds.profile });
  });

  it("builds descriptions from sector vocabularies and spreads interactions over two years", async () => {
    const now = NOW.getTime();
    let oldest = now;
    let lastMonth = 0;
    let interactions = 0;
    const descriptions: string[] = [];
    for await (const line of demoLines({ scale: 1, now: NOW })) {
      const rec = JSON.parse(line) as Record<string, string>;
      if (rec.kind === "card" && descriptions.length < 50) descriptions.push(rec.description!);
      if (rec.kind !== "interaction") continue;
      const at = Date.parse(rec.created_at!);
      interactions += 1;
      oldest = Math.min(oldest, at);
      if (now - at < 30 * 86_400_000) lastMonth += 1;
      expect(at).toBeLessThanOrEqual(now);
    }
    expect((now - oldest) / 86_400_000).toBeGreaterThan(600);
    expect((now - oldest) / 86_400_000).toBeLessThanOrEqual(731);
    expect(lastMonth / interactions).toBeGreaterThan(2 / 24); // denser than a uniform spread
    expect(descriptions.join(" ")).toMatch(/ for /);
  });
});
