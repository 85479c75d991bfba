import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/** POST /v1/cards/lookup/: one row per identifier, in order; what each identifier is read as; bad input. */

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  const profile = await t.db.profile.create({ data: { id: 77, name: "Jane Roe", networkAUrl: "https://network-a.example/in/JaneRoe42" } });
  await t.db.card.createMany({
    data: [
      { slug: "acme-1", name: "Acme", url: "https://www.Acme.com/" },
      { slug: "acme-2", name: "Acme", url: "http://acme-robotics.io/home" },
      { slug: "zephyr", name: "Zephyr Sensors", url: "zephyr.dev", networkAProfileId: profile.id },
      { slug: "twin-a", name: "Twin", url: "https://shared.example" },
      { slug: "twin-b", name: "Twin", url: "https://shared.example/b" },
    ],
  });
  token = (await createAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
});

const lookup = (body: unknown) => api("POST", "/cards/lookup/", { token, body });

describe("POST /v1/cards/lookup/", () => {
  it("answers one row per identifier, in order, each read as what it looks like", async () => {
    const inputs = [
      "acme.com",
      "https://www.acme.com/pricing?x=1",
      "ACME-ROBOTICS.IO",
      "https://network-a.example/in/JaneRoe42/",
      "zephyr",
      "zephyr sensors",
      "Twin",
      "shared.example",
      "nobody.example",
      "No Such Startup",
    ];
    const res = await lookup({ identifiers: inputs });
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      input: string;
      status: string;
      matched_on?: string;
      card?: { slug: string };
      candidates?: { slug: string }[];
    }[];
    expect(rows.map((r) => r.input)).toEqual(inputs);
    expect(rows.map((r) => [r.status, r.matched_on, r.card?.slug ?? r.candidates?.map((c) => c.slug)])).toEqual([
      ["matched", "domain", "acme-1"],
      ["matched", "url", "acme-1"],
      ["matched", "domain", "acme-2"],
      ["matched", "network_profile", "zephyr"],
      ["matched", "slug", "zephyr"],
      ["matched", "name", "zephyr"],
      ["ambiguous", "name", ["twin-a", "twin-b"]],
      ["ambiguous", "domain", ["twin-a", "twin-b"]],
      ["not_found", undefined, undefined],
      ["not_found", undefined, undefined],
    ]);
    expect(rows[0]!.card).toMatchObject({ slug: "acme-1", name: "Acme", url: "https://www.Acme.com/", stage: { name: "Unknown" } });
    expect(res.body.meta).toEqual({ total: 10, matched: 6, ambiguous: 2, not_found: 2 });
  });

  it("refuses a missing, empty, oversized or malformed list with a 400", async () => {
    const bodies = [
      {},
      { identifiers: [] },
      { identifiers: "acme.com" },
      { identifiers: [42] },
      { identifiers: ["  "] },
      { identifiers: ["x".repeat(501)] },
      { identifiers: Array.from({ length: 101 }, (_, i) => `c${i}.example`) },
      { identifiers: ["acme.com"], fields: ["slug"] },
    ];
    for (const body of bodies) {
      const res = await lookup(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe("validation_error");
    }
    expect((await lookup({ identifiers: Array.from({ length: 100 }, (_, i) => `c${i}.example`) })).status).toBe(200);
  });

  it("needs a token", async () => {
    expect((await api("POST", "/cards/lookup/", { body: { identifiers: ["acme.com"] } })).status).toBe(401);
  });
});
