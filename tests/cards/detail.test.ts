import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { recomputeDerived, seedCards, type TFixture } from "./fixture";

let t: TTestDb;
let token: string;
let fx: TFixture;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  token = (await createAccount(t.db, { staff: true })).token;
  await t.db.profile.create({
    data: {
      id: 77,
      name: "Ada Founder",
      headline: "Building Alpha",
      summary: "Ex-banker",
      location: "San Francisco, US",
      networkAUrl: "https://network-a.example/in/ada",
      networkAImageUrl: null,
      networkAUrn: "ACoAA1",
      classification: "strong_potential_founder",
      path: "declared_founder",
      status: "stealth",
      education: [{ school: "MIT", degree: "BSc" }],
      experience: [
        { title: "Analyst", company: "Big Bank", startDate: "2019-02", endDate: "2021-06-30", location: "NYC", description: null },
      ],
      tags: ["MIT", "Big Bank", "Y Accelerator"],
    },
  });
  await t.db.card.update({
    where: { id: fx.cards["alpha-dex"] },
    data: {
      networkAProfileId: 77,
      people: [{ id: 1, name: "Ada Founder", type: "founder", email: "ada@alpha.example", extra: "dropped" }],
      more: { team_size: 4 },
      employmentData: { employees: 4 },
    },
  });
  // A busy card: 25 interactions.
  const busy = await t.db.card.create({ data: { slug: "busy", name: "Busy" } });
  for (let k = 0; k < 25; k++) {
    await t.db.interaction.create({
      data: {
        cardId: busy.id,
        participantId: fx.participants[k % 2 ? "partner-b" : "angel-c"]!,
        associatedParticipantId: k % 2 ? fx.participants["fund-a"]! : null,
        createdAt: new Date(Date.UTC(2024, 0, 1 + k)),
      },
    });
  }
  await recomputeDerived(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /v1/cards/<slug>/", () => {
  it("returns the list fields plus the detail fields", async () => {
    const r = await api("GET", "/cards/alpha-dex/", { token });
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ include_user_data: false });
    const c = r.body.data;
    expect(c).toMatchObject({ slug: "alpha-dex", name: "Alpha DEX", stage: { slug: "seed" }, has_more_interactions: false });
    expect(c).not.toHaveProperty("user_data");
    expect(c.people).toEqual([
      {
        id: 1,
        name: "Ada Founder",
        type: "founder",
        image: null,
        microblog_url: null,
        network_a_url: null,
        business_db_url: null,
        reference_url: null,
        code_host_url: null,
        email: "ada@alpha.example",
        bio: null,
      },
    ]);
    expect(c.more).toEqual({ team_size: 4 });
    expect(c.employment_data).toEqual({ employees: 4 });
    expect(c.network_a_profile).toEqual({
      id: 77,
      name: "Ada Founder",
      headline: "Building Alpha",
      summary: "Ex-banker",
      location: "San Francisco, US",
      network_a: { url: "https://network-a.example/in/ada", image_url: null, urn: "ACoAA1" },
      education: [{ school: "MIT", degree: "BSc" }],
      experience: [
        { title: "Analyst", company: "Big Bank", startDate: "2019-02-01", endDate: "2021-06-30", location: "NYC", description: null },
      ],
      notable_achievements: null,
      new_company: null,
      tags: ["MIT", "Big Bank", "Y Accelerator"],
    });
    for (const k of ["classification", "path", "status", "created_at", "updated_at", "out_of_stealth_date"]) {
      expect(c.network_a_profile).not.toHaveProperty(k);
    }
    expect(c.network_a_data).toEqual({
      tags: [
        { name: "MIT", type: "school" },
        { name: "Big Bank", type: "job" },
        { name: "Y Accelerator", type: "accelerator" },
      ],
      education: ["BSc, MIT"],
      experience: ["Analyst at Big Bank"],
    });
    expect(c.interactions).toEqual([
      {
        id: expect.any(Number),
        created_at: "2024-03-05T10:00:00.000Z",
        participant: { name: "Partner B", slug: "partner-b", type: "investor" },
        associated_participant: { name: "Fund A", slug: "fund-a", type: "fund" },
      },
      {
        id: expect.any(Number),
        created_at: "2024-03-01T09:00:00.000Z",
        participant: { name: "Fund A", slug: "fund-a", type: "fund" },
        associated_participant: null,
      },
      {
        id: expect.any(Number),
        created_at: "2024-01-20T09:00:00.000Z",
        participant: { name: "Angel C", slug: "angel-c", type: "angel" },
        associated_participant: null,
      },
    ]);
  });

  it("omits the profile fields and gives empty people for a card without them", async () => {
    const c = (await api("GET", "/cards/zeta/", { token })).body.data;
    expect(c).not.toHaveProperty("network_a_profile");
    expect(c).not.toHaveProperty("network_a_data");
    expect(c).toMatchObject({ people: [], more: null, employment_data: null, interactions: [], has_more_interactions: false });
  });

  it("gives the 20 most recent interactions and has_more_interactions", async () => {
    const c = (await api("GET", "/cards/busy/", { token })).body.data;
    expect(c.interactions).toHaveLength(20);
    expect(c.has_more_interactions).toBe(true);
    expect(c.interactions[0].created_at).toBe("2024-01-25T00:00:00.000Z");
    expect(c.interactions[19].created_at).toBe("2024-01-06T00:00:00.000Z");
  });

  it("answers 404 not_found for an unknown slug and 400 for bad parameters", async () => {
    for (const slug of ["nope", "%E2%9C%93", "%ZZ", "a'b", "x".repeat(300)]) {
      const r = await api("GET", `/cards/${slug}/`, { token });
      expect(r.status, slug).toBe(404);
      expect(r.body).toEqual({ error: "not_found", message: expect.any(String) });
    }
    const bad = await api("GET", "/cards/alpha-dex/?include_user_data=maybe", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.include_user_data).toBeDefined();
    expect((await api("GET", "/cards/alpha-dex/?x=1", { token })).status).toBe(400);
  });

  it("serves the path without the trailing slash too", async () => {
    expect((await api("GET", "/cards/alpha-dex", { token })).status).toBe(200);
  });
});

describe("GET /v1/cards/<slug>/interactions/", () => {
  it("pages newest first with default limit 50 and max 200", async () => {
    const all = await api("GET", "/cards/busy/interactions/", { token });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ limit: 50, offset: 0, total: 25, has_next: false });
    expect(all.body.data).toHaveLength(25);
    const dates = all.body.data.map((i: any) => i.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(all.body).sort()).toEqual(["data", "pagination"]);

    const page = await api("GET", "/cards/busy/interactions/?limit=10&offset=20", { token });
    expect(page.body.pagination).toEqual({ limit: 10, offset: 20, total: 25, has_next: false });
    expect(page.body.data.map((i: any) => i.created_at)).toEqual(dates.slice(20));

    const noTotal = await api("GET", "/cards/busy/interactions/?limit=10&include_total=false", { token });
    expect(noTotal.body.pagination).toEqual({ limit: 10, offset: 0, total: null, has_next: true });
    expect(noTotal.body.data).toHaveLength(10);

    expect((await api("GET", "/cards/busy/interactions/?limit=5000", { token })).body.pagination.limit).toBe(200);
    expect((await api("GET", "/cards/busy/interactions/?limit=0", { token })).status).toBe(400);
    expect((await api("GET", "/cards/busy/interactions/?offset=-1", { token })).status).toBe(400);
  });

  it("answers 404 for an unknown card", async () => {
    const r = await api("GET", "/cards/nope/interactions/", { token });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("not_found");
  });
});
