import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeFilterCount, effectiveParams, filterPatch } from "~/app/(workspace)/cards/saved-filter-view";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards } from "./fixture";
import { setLastSeen } from "../helpers/saved-filters";

/**
 * A saved filter's "what's new" as the workspace reads it through its tRPC client (cards.filters,
 * cards.filterNewCards, cards.markFilterSeen: the /v1 procedures) and the /cards view of a selected filter.
 */

describe("new cards of a saved filter", () => {
  let t: TTestDb;
  let ui: Awaited<ReturnType<typeof browserCaller>>;
  let other: Awaited<ReturnType<typeof browserCaller>>;

  beforeAll(async () => {
    t = await openTestDb();
    await seedCards(t.db);
    ui = await browserCaller(t.db, (await createAccount(t.db)).account.id);
    other = await browserCaller(t.db, (await createAccount(t.db)).account.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts and lists the cards added since it was last marked seen; only Mark seen resets them", async () => {
    const f = await ui.user.filters.createFromQuery({ name: "Everything", query: {} });
    const id = String(f.id);
    // The /cards bar's "N new since <when>": one row of the new cards, its total and meta.since.
    const news = async () => {
      const page = await ui.cards.filterNewCards({ id, limit: "1", fields: "id" });
      return { count: page.pagination.total, since: page.meta.since };
    };
    expect((await news()).count).toBe(0);
    const since = new Date("2024-03-16T00:00:00Z");
    await setLastSeen(t.db, f.id, since);

    expect(await news()).toEqual({ count: 5, since: since.toISOString() });
    const fresh = await ui.cards.filterNewCards({ id, sort: "name:asc", include_total: "true" });
    expect(fresh.data.map((c) => c.slug)).toEqual(["chainlink-oracle", "delta-chain", "epsilon-data", "omega-robotics", "zeta"]);
    expect(fresh.pagination.total).toBe(5);
    // The list's other filters still apply on top.
    const seed = await ui.cards.filterNewCards({ id, stages: "seed" });
    expect(seed.data.map((c) => c.slug)).toEqual(["epsilon-data"]);

    // Reading them (the list, the count, the saved filters page) marks nothing seen.
    await ui.cards.list({ filter_id: id });
    const counted = await ui.cards.filters({ include_counts: true });
    expect(counted.data.find((s) => s.id === f.id)?.new_since_seen).toBe(5);
    expect((await news()).count).toBe(5);

    // The CSV export of the view: with only_new, the same five; without, every card of the filter.
    const exported = async (onlyNew?: "true") => {
      const slugs: string[] = [];
      for await (const chunk of await ui.workspace.cardExport({ filter_id: String(f.id), only_new: onlyNew }))
        slugs.push(...chunk.map((c) => c.slug ?? ""));
      return slugs.sort();
    };
    expect(await exported("true")).toEqual(["chainlink-oracle", "delta-chain", "epsilon-data", "omega-robotics", "zeta"]);
    expect((await exported()).length).toBeGreaterThan(5);

    const marked = await ui.cards.markFilterSeen({ id });
    expect(await news()).toEqual({ count: 0, since: marked.data.last_seen_at });
    expect((await ui.cards.filterNewCards({ id })).data).toEqual([]);
  });

  it("is the owner's only", async () => {
    const f = await ui.user.filters.createFromQuery({ name: "Mine", query: { stages: "seed" } });
    const id = String(f.id);
    expect(await failure(other.cards.filterNewCards({ id, limit: "1" }))).toBe("not_found");
    expect(await failure(other.cards.markFilterSeen({ id }))).toBe("not_found");
    expect((await other.cards.filters({ include_counts: true })).data.map((s) => s.id)).not.toContain(f.id);
  });

  it("has one set of procedures: the workspace's former copies are gone", async () => {
    const filters = ui.user.filters as unknown as Record<string, (input?: unknown) => Promise<unknown>>;
    for (const name of ["status", "news", "newCards", "markViewed"]) {
      expect(await failure(filters[name]!({ id: 1 })), name).toBe("NOT_FOUND");
    }
  });
});

describe("/cards with a saved filter selected", () => {
  const saved = { stages: "seed,mvp", trending: "true", created_within_days: "30", sort: "recent" };

  it("shows the saved values under the explicit ones, a lower bound in either form replacing the saved one", () => {
    expect(effectiveParams({ filter_id: "3" }, saved)).toEqual({
      filter_id: "3",
      stages: "seed,mvp",
      trending: "true",
      created_within_days: "30",
    });
    expect(effectiveParams({ filter_id: "3", stages: "mvp", created_after: "2026-01-01" }, saved)).toEqual({
      filter_id: "3",
      stages: "mvp",
      trending: "true",
      created_after: "2026-01-01",
    });
    expect(effectiveParams({ stages: "a" }, undefined)).toEqual({ stages: "a" });
  });

  it("keeps the saved filter for an added value and leaves it, keeping its values, when one of them is removed", () => {
    const explicit = { filter_id: "3", only_new: "true", rounds: "angel" };
    expect(filterPatch(explicit, saved, { min_signals: "2" })).toEqual({ min_signals: "2" });
    expect(filterPatch(explicit, saved, { rounds: undefined })).toEqual({ rounds: undefined });
    expect(filterPatch(explicit, saved, { trending: undefined })).toEqual({
      filter_id: undefined,
      only_new: undefined,
      stages: "seed,mvp",
      created_within_days: "30",
      trending: undefined,
    });
    expect(filterPatch({ stages: "a" }, undefined, { stages: undefined })).toEqual({ stages: undefined });
  });

  it("counts the active filters but the view's own parameters", () => {
    expect(
      activeFilterCount({ filter_id: "3", sort: "recent", limit: "50", stages: "a", trending: "true", semantic: "true", search: "x" }),
    ).toBe(3);
  });
});
