import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure, type TBrowserUser } from "../helpers/trpc";
import { DAY, seedCards, slugsOf, type TFixture } from "./fixture";
import { setLastSeen } from "../helpers/saved-filters";

/**
 * The workspace's per-user calls (bulk add to a folder, a saved filter from the /cards URL, saved
 * filter counts and "new since last seen"), each checked across two accounts.
 */

let t: TTestDb;
let fx: TFixture;
let alice: TBrowserUser;
let bob: TBrowserUser;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  alice = await browserUser(t.db);
  bob = await browserUser(t.db);
});
afterAll(async () => {
  await t?.close();
});

const card = (slug: string) => fx.cards[slug]!;

describe("folders.addCards", () => {
  it("adds several cards in one call, only to the caller's own folder", async () => {
    const f = await alice.ui.user.folders.create({ name: "Batch" });
    const ids = [card("alpha-dex"), card("zeta"), card("alpha-dex")];
    expect((await alice.ui.user.folders.addCards({ id: f.id, cardIds: ids })).cards_count).toBe(2);
    // Again: nothing doubles.
    expect((await alice.ui.user.folders.addCards({ id: f.id, cardIds: [card("zeta"), card("beta-lending")] })).cards_count).toBe(3);
    const listed = await api("GET", `/cards/?folder_ids=${f.id}&sort=name:asc`, { token: alice.token });
    expect(slugsOf(listed.body)).toEqual(["alpha-dex", "beta-lending", "zeta"]);

    expect(await failure(bob.ui.user.folders.addCards({ id: f.id, cardIds: [card("gamma-ai")] }))).toBe("not_found");
    expect(await failure(alice.ui.user.folders.addCards({ id: f.id, cardIds: [card("gamma-ai"), 999999] }))).toBe("not_found");
    expect(await failure(alice.ui.user.folders.addCards({ id: f.id, cardIds: [] }))).toBe("validation_error");
    // Nothing of the refused calls was added.
    expect((await alice.ui.user.folders.get({ id: f.id })).cards_count).toBe(3);
  });
});

describe("filters.createFromQuery", () => {
  it("reads the /cards URL parameters like GET /v1/cards/ and stores them in JSON form", async () => {
    const sf = await alice.ui.user.filters.createFromQuery({
      name: "From URL",
      query: { stages: "seed,pre-seed", trending: "false", min_signals: "1", created_after: "2024-01-01", sort: "name:asc" },
    });
    expect(sf.params).toEqual({
      stages: ["seed", "pre-seed"],
      trending: false,
      min_signals: 1,
      created_after: "2024-01-01",
      sort: "name:asc",
    });
    // The same view through filter_id and through the explicit parameters.
    const viaId = await api("GET", `/cards/?filter_id=${sf.id}`, { token: alice.token });
    const direct = await api("GET", "/cards/?stages=seed,pre-seed&trending=false&min_signals=1&created_after=2024-01-01&sort=name:asc", {
      token: alice.token,
    });
    expect(slugsOf(viaId.body)).toEqual(slugsOf(direct.body));

    expect(await failure(alice.ui.user.filters.createFromQuery({ name: "bad", query: { min_signals: "many" } }))).toBe("validation_error");
    expect(await failure(alice.ui.user.filters.createFromQuery({ name: "bad", query: { colour: "red" } }))).toBe("validation_error");
    expect(await failure(alice.ui.user.filters.createFromQuery({ name: "bad", query: { semantic: "true" } }))).toBe("validation_error");
    const bobsFolder = await bob.ui.user.folders.create({ name: "Bob's" });
    expect(await failure(alice.ui.user.filters.createFromQuery({ name: "x", query: { folder_ids: String(bobsFolder.id) } }))).toBe(
      "validation_error",
    );
    expect(await failure(alice.ui.user.filters.createFromQuery({ name: "from url", query: {} }))).toBe("conflict");
    expect((await bob.ui.user.filters.list()).map((f) => f.name)).not.toContain("From URL");
  });
});

describe("the saved filters page's counts (cards.filters) and Mark seen (cards.markFilterSeen)", () => {
  it("counts the cards matching now and those added since the filter was last marked seen", async () => {
    const all = await alice.ui.user.filters.createFromQuery({ name: "Everything", query: {} });
    const total = (await api("GET", "/cards/?include_total=true", { token: alice.token })).body.pagination.total;
    const seed = await alice.ui.user.filters.createFromQuery({ name: "Seed only", query: { stages: "seed" } });
    const seedTotal = (await api("GET", "/cards/?stages=seed&include_total=true", { token: alice.token })).body.pagination.total;

    const countsOf = async (u: TBrowserUser) => (await u.ui.cards.filters({ include_counts: true })).data;
    let status = await countsOf(alice);
    const of = (id: number) => status.find((s) => s.id === id)!;
    // Never marked seen: counted from when it was saved (every fixture card is older).
    expect(of(all.id)).toMatchObject({ matching: total, new_since_seen: 0, last_seen_at: null });
    expect(of(seed.id)).toMatchObject({ matching: seedTotal, new_since_seen: 0 });

    // Marked seen three days ago: the card added two days ago ("zeta") is new.
    await setLastSeen(t.db, all.id, new Date(Date.now() - 3 * DAY));
    status = await countsOf(alice);
    expect(of(all.id)).toMatchObject({ matching: total, new_since_seen: 1 });
    expect(of(seed.id).new_since_seen).toBe(0);

    const marked = (await alice.ui.cards.markFilterSeen({ id: String(all.id) })).data;
    expect(Date.parse(marked.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    status = await countsOf(alice);
    expect(of(all.id)).toMatchObject({ new_since_seen: 0, last_seen_at: marked.last_seen_at });

    // Another account neither sees nor marks alice's filters.
    expect((await countsOf(bob)).map((s) => s.id)).not.toContain(all.id);
    expect(await failure(bob.ui.cards.markFilterSeen({ id: String(all.id) }))).toBe("not_found");
    expect(of(all.id).last_seen_at).toBe(marked.last_seen_at);
    // Without include_counts the list carries no counts.
    const rest = await api("GET", "/cards/filters/", { token: alice.token });
    expect(Object.keys(rest.body.data[0]).sort()).toEqual(["created_at", "id", "name", "owner", "params", "updated_at", "visibility"]);
  });
});
