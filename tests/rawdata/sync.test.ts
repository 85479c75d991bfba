import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { collectionsOnlyAccount, createCollection, insertProfiles, updateProfile, type TProfileSeed } from "./fixtures";

/**
 * The spec's synchronisation recipe: a full read of a collection at 200 per request with an upsert
 * keyed on network_a.url; a person absent from the latest full read has left the collection.
 */

let t: TTestDb;
let token: string;
const N = 1500;
const BASE = Date.UTC(2024, 0, 1);

type TItem = { id: number; network_a: { url: string }; headline: string | null; created_at: string };

/** A client's local copy, kept by the recipe. */
class Mirror {
  store = new Map<string, TItem>();
  constructor(private readonly tokenOf: () => string) {}

  /** One full read; `between(page)` runs after each page (to change data mid-read). */
  async fullRead(collection: string, between?: (page: number) => Promise<void>) {
    const seen = new Map<string, number>();
    let offset = 0;
    for (let page = 0; ; page++) {
      const r = await api("GET", `/network_a/profiles/?collection=${collection}&limit=200&offset=${offset}`, { token: this.tokenOf() });
      expect(r.status).toBe(200);
      for (const item of r.body.data as TItem[]) {
        seen.set(item.network_a.url, (seen.get(item.network_a.url) ?? 0) + 1);
        this.store.set(item.network_a.url, item);
      }
      await between?.(page);
      if (!r.body.pagination.has_next) break;
      offset += r.body.data.length;
    }
    for (const url of [...this.store.keys()]) if (!seen.has(url)) this.store.delete(url);
    return { seen, repeated: [...seen].filter(([, n]) => n > 1).map(([u]) => u) };
  }

  ids() {
    return [...this.store.values()].map((p) => p.id).sort((a, b) => a - b);
  }
}

const url = (id: number) => `https://network-a.example/in/p${id}`;

async function members(): Promise<number[]> {
  const rows = await t.db.profile.findMany({ where: { country: "france" }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await openTestDb();
  const seeds: TProfileSeed[] = Array.from({ length: N }, (_, i) => {
    const id = i + 1;
    // Three profiles share each created_at: the id tie-breaker decides their order.
    const createdAt = new Date(BASE + Math.floor(id / 3) * 1000);
    return { id, name: `Person ${id}`, location: id % 2 === 0 ? "Paris, France" : "Rome, Italy", createdAt, updatedAt: createdAt };
  });
  await insertProfiles(t.db, seeds);
  await createCollection(t.db, { slug: "france", criteria: { countries: ["france"] } });
  token = (await collectionsOnlyAccount(t.db, [])).token;
});
afterAll(async () => {
  await t?.close();
});

describe("full read of a collection at 200 per page", () => {
  const mirror = new Mirror(() => token);

  it("sees every member exactly once", async () => {
    const { seen, repeated } = await mirror.fullRead("france");
    expect(repeated).toEqual([]);
    expect(seen.size).toBe(N / 2);
    expect(mirror.ids()).toEqual(await members());
  });

  it("reflects changes between two full reads: one leaves, one joins, one is updated", async () => {
    await updateProfile(t.db, 2, { location: "Rome, Italy" });
    await updateProfile(t.db, 3, { location: "Lyon, France" });
    await updateProfile(t.db, 500, { headline: "Now at a new company" });
    const { repeated } = await mirror.fullRead("france");
    expect(repeated).toEqual([]);
    expect(mirror.ids()).toEqual(await members());
    expect(mirror.store.has(url(2))).toBe(false);
    expect(mirror.store.get(url(3))?.created_at).toBe(new Date(BASE + 1000).toISOString().replace("Z", "000Z"));
    expect(mirror.store.get(url(500))?.headline).toBe("Now at a new company");
  });

  it("never skips or repeats a member that stays while profiles change during the read", async () => {
    const before = new Set(await members());
    const newest = [...before].sort((a, b) => b - a);
    const leaving = [newest[0]!, newest[5]!]; // both on the first page
    const changed = newest[450]!; // on the third page
    const { seen, repeated } = await mirror.fullRead("france", async (page) => {
      if (page !== 1) return;
      for (const id of leaving) await updateProfile(t.db, id, { location: "Rome, Italy" });
      await updateProfile(t.db, changed, { headline: "Changed mid-read" });
      await insertProfiles(t.db, [{ id: N + 1, name: "Newcomer", location: "Nice, France", createdAt: new Date() }]);
    });
    expect(repeated).toEqual([]);
    const stayed = [...before].filter((id) => !leaving.includes(id));
    const missing = stayed.filter((id) => !seen.has(url(id)));
    expect(missing).toEqual([]);
    expect(mirror.store.get(url(changed))?.headline).toBe("Changed mid-read");

    // The next full read is exact again: the leavers are gone, the newcomer is in.
    const next = await mirror.fullRead("france");
    expect(next.repeated).toEqual([]);
    expect(mirror.ids()).toEqual(await members());
    expect(mirror.store.has(url(N + 1))).toBe(true);
    for (const id of leaving) expect(mirror.store.has(url(id))).toBe(false);
  });

  it("answers a deep offset read directly (no previous page) with the rows at that position", async () => {
    const pages: number[][] = [];
    let offset = 0;
    for (;;) {
      const r = await api("GET", `/network_a/profiles/?collection=france&limit=200&offset=${offset}`, { token });
      pages.push(r.body.data.map((p: TItem) => p.id));
      if (!r.body.pagination.has_next) break;
      offset += 200;
    }
    const other = (await collectionsOnlyAccount(t.db, [])).token;
    const direct = await api("GET", `/network_a/profiles/?collection=france&limit=200&offset=400`, { token: other });
    expect(direct.body.data.map((p: TItem) => p.id)).toEqual(pages[2]);
    expect(direct.body.pagination).toMatchObject({ offset: 400, total: (await members()).length });
  });
});
