import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { openTestDb, type TTestDb } from "../helpers/db";
import { linesSource, resetData, snapshot } from "./helpers";

/** Duplicate records of one person are collapsed to the most recently updated one (docs/api.md). */

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

const profile = (id: number, updated: string, network: { url?: string | null; urn?: string | null }) =>
  JSON.stringify({
    kind: "profile",
    id,
    name: `Person ${id}`,
    network_a: { url: network.url ?? null, image_url: null, urn: network.urn ?? null },
    created_at: "2023-01-01T00:00:00Z",
    updated_at: updated,
  });
const card = (slug: string, profileId: number) => JSON.stringify({ kind: "card", slug, name: slug, network_a_profile: profileId });

const state = async () => ({
  profiles: (await t.db.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM profile ORDER BY id`)).map((r) => r.id),
  cards: await t.db.$queryRawUnsafe<{ slug: string; p: number | null }[]>(`SELECT slug, network_a_profile_id AS p FROM card ORDER BY slug`),
});

describe("duplicate profiles", () => {
  it("collapse within one file, and cards follow the surviving record", async () => {
    const lines = [
      card("c-old", 201),
      profile(201, "2024-01-01T00:00:00Z", { url: "https://network-a.example/in/ada" }),
      profile(202, "2024-06-01T00:00:00Z", { url: "https://network-a.example/in/ada/", urn: "ADA" }),
      profile(203, "2024-03-01T00:00:00Z", { urn: "ADA" }),
      profile(204, "2024-03-01T00:00:00Z", { url: "https://network-a.example/in/bob" }),
      card("c-new", 203),
    ];
    await importJsonl(t.db, linesSource(lines));
    expect(await state()).toEqual({
      profiles: [202, 204],
      cards: [
        { slug: "c-new", p: 202 },
        { slug: "c-old", p: 202 },
      ],
    });
    const before = await snapshot(t.db);
    await importJsonl(t.db, linesSource(lines));
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("collapse against the database, whichever record is newer", async () => {
    await importJsonl(t.db, linesSource([profile(301, "2025-01-01T00:00:00Z", { urn: "X1" }), card("c1", 301)]));
    // an older record of the same person: dropped, its card points at the stored one
    await importJsonl(t.db, linesSource([profile(302, "2024-01-01T00:00:00Z", { urn: "X1" }), card("c2", 302)]));
    expect(await state()).toEqual({
      profiles: [301],
      cards: [
        { slug: "c1", p: 301 },
        { slug: "c2", p: 301 },
      ],
    });
    // a newer one: the stored record goes, every card follows
    await importJsonl(t.db, linesSource([profile(303, "2026-01-01T00:00:00Z", { urn: "X1", url: "https://network-a.example/in/x" })]));
    expect(await state()).toEqual({
      profiles: [303],
      cards: [
        { slug: "c1", p: 303 },
        { slug: "c2", p: 303 },
      ],
    });
  });
});
