import { describe, expect, it } from "vitest";
import { conformanceCheck } from "~/server/api/output-conformance";
import { ZCardListItem } from "~/server/api/routers/cards/card.types";
import { baseFields, pick } from "~/server/domain/cards/fields";
import { formatCard, type TCardRow } from "~/server/domain/cards/format";
import { referenceTable, type TLocationRow, type TReferenceData } from "~/server/domain/reference/cache";

/** A reference data snapshot built as the cache builds one. */
function snapshot(cityName: string, stageName: string): TReferenceData {
  const location = (l: Partial<TLocationRow> & Pick<TLocationRow, "id" | "slug" | "name" | "type">): TLocationRow => ({
    parentId: null,
    scope: null,
    city: null,
    state: null,
    country: null,
    region: null,
    regionSlug: null,
    ...l,
  });
  return {
    stages: referenceTable([{ id: 1, slug: "seed", name: stageName, position: 1 }]),
    rounds: referenceTable([{ id: 1, slug: "pre-seed", name: "Pre-seed", position: 1 }]),
    categories: referenceTable([]),
    locations: referenceTable([
      location({ id: 1, slug: "europe", name: "Europe", type: "region" }),
      location({ id: 2, slug: "berlin", name: cityName, type: "city", parentId: 1, country: "Germany" }),
      location({ id: 3, slug: "unknown", name: "Unknown", type: "city" }),
    ]),
    sourceTypes: referenceTable([]),
    loadedAt: Date.now(),
  };
}

const row = (id: number, location_id: number | null): TCardRow => ({
  id,
  slug: `card-${id}`,
  name: `Card ${id}`,
  description: null,
  image: null,
  url: null,
  stage_id: 1,
  round_id: null,
  location_id,
  trending: false,
  open_to_intro: false,
  last_round: null,
  social_links: [{ name: "X", url: "https://x.example/card" }, { name: "Empty", url: "" }, null],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  interactions_count: 0,
  first_interaction_at: null,
  last_interaction_at: null,
  category_ids: null,
  has_intro_request: false,
});

describe("formatCard", () => {
  it("builds list items that the list's output schema serves as they are, every view and field selection", () => {
    const conforms = conformanceCheck(ZCardListItem)!;
    const ref = snapshot("Berlin", "Seed");
    for (const r of [row(1, 2), row(2, null), row(3, 3)]) {
      const item = formatCard(ref, r);
      for (const keys of [baseFields(undefined, undefined), baseFields("compact", undefined), baseFields(undefined, ["stage", "id"])]) {
        expect(conforms(pick(item, keys))).toBe(true);
      }
      expect(conforms({ ...item, user_data: { is_liked: false, has_note: false, folders: [] }, similarity: 0.5 })).toBe(true);
    }
  });

  it("gives every card of a location, stage and round the same frozen objects of the snapshot", () => {
    const ref = snapshot("Berlin", "Seed");
    const a = formatCard(ref, row(1, 2));
    const b = formatCard(ref, row(2, 2));
    expect(a.location).toEqual({
      formatted: "Berlin, Germany",
      slug: "berlin",
      city: "Berlin",
      state: null,
      country: "Germany",
      region: "Europe",
      region_slug: "europe",
      type: "city",
    });
    expect(b.location).toBe(a.location);
    expect(b.stage).toBe(a.stage);
    expect(a.round).toEqual({ name: "Unknown", slug: null });
    expect(Object.isFrozen(a.location) && Object.isFrozen(a.stage) && Object.isFrozen(a.round)).toBe(true);
    expect(formatCard(ref, row(3, 3)).location).toBeNull();
    expect(a.social_links).toEqual([{ key: "x", name: "X", url: "https://x.example/card" }]);
  });

  it("formats from the snapshot it is given: a reload with new names is never answered from the old one", () => {
    const before = formatCard(snapshot("Berlin", "Seed"), row(1, 2));
    const after = formatCard(snapshot("Berlin-Mitte", "Seed stage"), row(1, 2));
    expect(before.location?.formatted).toBe("Berlin, Germany");
    expect(after.location?.formatted).toBe("Berlin-Mitte, Germany");
    expect(after.stage).toEqual({ name: "Seed stage", slug: "seed" });
  });
});
