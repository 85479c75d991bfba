import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards } from "../cards/fixture";
import { createCollection, insertProfiles } from "../rawdata/fixtures";

/**
 * What the /participants and /founders pages read and write: the participant page's interactions
 * and Save, the saved view, and a profile's linked cards, across two accounts.
 */

let t: TTestDb;
let a: Awaited<ReturnType<typeof browserCaller>>;
let b: Awaited<ReturnType<typeof browserCaller>>;
let cardIds: Record<string, number>;

beforeAll(async () => {
  t = await openTestDb();
  cardIds = (await seedCards(t.db)).cards;
  a = await browserCaller(t.db, (await createAccount(t.db, { grant: ["network_a_profiles"] })).account.id);
  b = await browserCaller(t.db, (await createAccount(t.db)).account.id);
  await insertProfiles(t.db, [
    { id: 1, name: "Linked Founder", location: "Berlin, Germany", classification: "potential_founder" },
    { id: 2, name: "Unlinked Founder", location: "Austin, United States", classification: "potential_founder" },
  ]);
  await t.db.card.update({ where: { id: cardIds["alpha-dex"]! }, data: { networkAProfileId: 1 } });
  await createCollection(t.db, { slug: "germany", criteria: { countries: ["germany"] } });
});
afterAll(async () => t?.close());

const savedSlugs = async (ui: typeof a) => (await ui.participants.savedParticipants.list({})).data.map((p) => p.slug);

describe("saved participants across accounts (participant page and Saved view)", () => {
  it("one account's Save shows on its own pages only", async () => {
    await a.participants.savedParticipants.save({ slug: "fund-a" });
    expect((await a.participants.detail({ slug: "fund-a", include_user_data: true })).data.is_saved).toBe(true);
    expect((await b.participants.detail({ slug: "fund-a", include_user_data: true })).data.is_saved).toBe(false);
    expect(await savedSlugs(a)).toEqual(["fund-a"]);
    expect(await savedSlugs(b)).toEqual([]);
    const listB = await b.participants.list({ include_user_data: true });
    expect(listB.data.filter((p) => p.is_saved)).toEqual([]);
    expect((await b.participants.list({ saved_only: true, include_user_data: true })).data).toEqual([]);
  });

  it("another account's Unsave leaves the first account's saved participant alone", async () => {
    await b.participants.savedParticipants.save({ slug: "angel-c" });
    await b.participants.savedParticipants.unsave({ slug: "fund-a" });
    expect(await savedSlugs(a)).toEqual(["fund-a"]);
    expect(await savedSlugs(b)).toEqual(["angel-c"]);
    await a.participants.savedParticipants.unsave({ slug: "fund-a" });
    expect(await savedSlugs(a)).toEqual([]);
    expect(await savedSlugs(b)).toEqual(["angel-c"]);
  });
});

describe("workspace.participantInteractions", () => {
  it("lists the participant's signals and those made on its behalf, newest first, paged", async () => {
    const all = await a.workspace.participantInteractions({ slug: "fund-a", limit: 20, offset: 0 });
    // fund-a: 4 of its own, 2 through partner-b (associated).
    expect(all.pagination).toEqual({ limit: 20, offset: 0, total: 6, has_next: false });
    const dates = all.data.map((i) => i.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(
      all.data
        .filter((i) => i.participant.slug === "partner-b")
        .map((i) => i.card.slug)
        .sort(),
    ).toEqual(["alpha-dex", "delta-chain"]);
    const delta = all.data.find((i) => i.card.slug === "delta-chain");
    expect(delta?.associated_participant).toEqual({ slug: "fund-a", name: "Fund A", type_name: "Fund" });
    expect(delta?.source_type).toEqual({ slug: "social_interactions", name: "Social", group: "Social" });

    const p1 = await a.workspace.participantInteractions({ slug: "fund-a", limit: 4, offset: 0 });
    const p2 = await a.workspace.participantInteractions({ slug: "fund-a", limit: 4, offset: 4 });
    expect(p1.pagination.has_next).toBe(true);
    expect(p2.pagination.has_next).toBe(false);
    expect([...p1.data, ...p2.data].map((i) => i.id)).toEqual(all.data.map((i) => i.id));
  });

  it("counts and lists once an interaction that names the participant twice", async () => {
    const fund = await t.db.participant.findUniqueOrThrow({ where: { slug: "fund-a" } });
    const both = await t.db.interaction.create({
      data: {
        cardId: cardIds["omega-robotics"]!,
        participantId: fund.id,
        associatedParticipantId: fund.id,
        createdAt: new Date("2026-01-02T00:00:00Z"),
      },
    });
    try {
      const all = await a.workspace.participantInteractions({ slug: "fund-a", limit: 20, offset: 0 });
      expect(all.pagination.total).toBe(7);
      expect(all.data.filter((i) => i.id === both.id)).toHaveLength(1);
    } finally {
      await t.db.interaction.delete({ where: { id: both.id } });
    }
  });

  it("answers not_found for an unknown participant and is closed to collections-only accounts", async () => {
    expect(await failure(a.workspace.participantInteractions({ slug: "nobody", limit: 20, offset: 0 }))).toBe("not_found");
    const limited = await browserCaller(t.db, (await createAccount(t.db, { scope: "collections_only" })).account.id);
    expect(await failure(limited.workspace.participantInteractions({ slug: "fund-a", limit: 20, offset: 0 }))).toBe("permission_denied");
  });
});

describe("workspace.cardSignals", () => {
  it("lists a card's signals newest first with their source type and the participants' type names", async () => {
    const r = await a.workspace.cardSignals({ slug: "alpha-dex", limit: 20, offset: 0 });
    expect(r.pagination.total).toBe(3);
    expect(
      r.data.map((s) => [s.participant.slug, s.participant.type_name, s.associated_participant?.slug ?? null, s.source_type?.slug]),
    ).toEqual([
      ["partner-b", "Investor", "fund-a", "launch_board"],
      ["fund-a", "Fund", null, "social_interactions"],
      ["angel-c", "Angel", null, "network_a"],
    ]);
    expect(r.data[0]!.associated_participant).toEqual({ slug: "fund-a", name: "Fund A", type: "fund", type_name: "Fund" });
    const p2 = await a.workspace.cardSignals({ slug: "alpha-dex", limit: 2, offset: 2 });
    expect(p2.data.map((s) => s.participant.slug)).toEqual(["angel-c"]);
    expect(p2.pagination.has_next).toBe(false);
  });

  it("answers not_found for an unknown card", async () => {
    expect(await failure(a.workspace.cardSignals({ slug: "no-such-card", limit: 20, offset: 0 }))).toBe("not_found");
  });
});

describe("workspace.participantPlaces", () => {
  it("names the country most of a participant's signals' cards are in, null when none has one", async () => {
    const r = await a.workspace.participantPlaces({ slugs: ["angel-c", "fund-a", "nobody"] });
    expect(r.data).toEqual([
      // Four of its six signals are on cards in the US (two in Germany).
      { slug: "angel-c", country: "US", share: 4 / 6 },
      // Its own four signals (three in the US, one on a card without a location) and two made on its
      // behalf (one in the US, one on a card whose location has no country).
      { slug: "fund-a", country: "US", share: 4 / 6 },
      { slug: "nobody", country: null, share: 0 },
    ]);
    expect((await a.workspace.participantPlaces({ slugs: [] })).data).toEqual([]);
  });
});

describe("workspace.profileCards", () => {
  it("lists the cards linked to a profile for an account with the permission", async () => {
    expect((await a.workspace.profileCards({ id: "1" })).data).toEqual([{ slug: "alpha-dex", name: "Alpha DEX" }]);
    expect((await a.workspace.profileCards({ id: "2" })).data).toEqual([]);
    expect(await failure(a.workspace.profileCards({ id: "999" }))).toBe("not_found");
    expect(await failure(a.workspace.profileCards({ id: "x" }))).toBe("not_found");
  });

  it("is refused without the permission; a collections-only account gets no cards, and 404 outside its collections", async () => {
    expect(await failure(b.workspace.profileCards({ id: "1" }))).toBe("permission_denied");
    const limited = await browserCaller(t.db, (await createAccount(t.db, { scope: "collections_only" })).account.id);
    expect((await limited.workspace.profileCards({ id: "1" })).data).toEqual([]);
    expect(await failure(limited.workspace.profileCards({ id: "2" }))).toBe("not_found");
  });
});
