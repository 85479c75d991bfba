import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { ids, rawDataAccount } from "./fixtures";

/**
 * Profiles and collections as the import writes them (docs/import-format.md), read back through the API:
 * duplicates of one person collapsed to the most recently updated record, microseconds kept,
 * collections of the import format usable at once.
 */

let t: TTestDb;
let token: string;

const lines = (...records: Record<string, unknown>[]) => ({
  open: async function* () {
    for (const r of records) yield JSON.stringify(r);
  },
});

const profile = (id: number, extra: Record<string, unknown> = {}) => ({
  kind: "profile",
  id,
  name: `Person ${id}`,
  network_a: { url: `https://network-a.example/in/p${id}`, image_url: null, urn: `urn${id}` },
  created_at: "2024-01-01T00:00:00.000001Z",
  updated_at: "2024-01-02T00:00:00Z",
  ...extra,
});

beforeAll(async () => {
  t = await openTestDb();
  token = (await rawDataAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
});

describe("duplicates of one person", () => {
  it("are collapsed to the most recently updated record (same url, or same urn)", async () => {
    await importJsonl(
      t.db,
      lines(
        profile(10, {
          name: "Old Ada",
          network_a: { url: "https://network-a.example/in/ada", image_url: null, urn: null },
          updated_at: "2024-01-01T00:00:00Z",
        }),
        profile(11, {
          name: "New Ada",
          network_a: { url: "https://network-a.example/in/ada/", image_url: null, urn: null },
          updated_at: "2024-06-01T00:00:00Z",
        }),
        profile(20, { name: "Newer Bob", network_a: { url: null, image_url: null, urn: "ACoBob" }, updated_at: "2024-07-01T00:00:00Z" }),
        profile(21, {
          name: "Older Bob",
          network_a: { url: "https://network-a.example/in/bob", image_url: null, urn: "ACoBob" },
          updated_at: "2024-02-01T00:00:00Z",
        }),
        profile(30, { location: "Paris, France", classification: "potential_founder" }),
      ),
    );
    const r = await api("GET", "/network_a/profiles/?sort=name:asc", { token });
    expect(r.body.data.map((p: { name: string }) => p.name)).toEqual(["New Ada", "Newer Bob", "Person 30"]);
    expect((await api("GET", "/network_a/profiles/10/", { token })).status).toBe(404);
    expect((await api("GET", "/network_a/profiles/21/", { token })).status).toBe(404);
    const ada = await api("GET", "/network_a/profiles/11/", { token });
    expect(ada.body.data.created_at).toBe("2024-01-01T00:00:00.000001Z");
    expect(ada.body.data.updated_at).toBe("2024-06-01T00:00:00.000000Z");
  });

  it("keeps created_at when a profile is imported again, so membership can change without it moving", async () => {
    await importJsonl(
      t.db,
      lines({
        kind: "collection",
        slug: "paris",
        name: "Paris",
        description: "In France",
        visibility: "shared",
        active: true,
        criteria: { countries: ["France"] },
      }),
    );
    expect(ids((await api("GET", "/network_a/profiles/?collection=paris", { token })).body)).toEqual([30]);
    await importJsonl(
      t.db,
      lines(
        profile(30, { location: "Berlin, Germany", created_at: undefined, updated_at: undefined }),
        profile(11, {
          name: "New Ada",
          location: "Lyon, France",
          network_a: { url: "https://network-a.example/in/ada/", image_url: null, urn: null },
          created_at: undefined,
          updated_at: "2024-08-01T00:00:00Z",
        }),
      ),
    );
    const r = await api("GET", "/network_a/profiles/?collection=paris", { token });
    expect(ids(r.body)).toEqual([11]);
    expect(r.body.data[0].created_at).toBe("2024-01-01T00:00:00.000001Z");
    const moved = await api("GET", "/network_a/profiles/30/", { token });
    expect(moved.body.data).toMatchObject({ location: "Berlin, Germany", created_at: "2024-01-01T00:00:00.000001Z" });
    expect((await api("GET", "/network_a/collections/", { token })).body.data).toEqual([
      { slug: "paris", name: "Paris", description: "In France" },
    ]);
  });
});
