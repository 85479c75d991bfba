import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { setEmbeddingsEnv } from "../embeddings/env";
import { seedCards } from "./fixture";

/** workspace.cardExport: every matching card, in the list's order, whatever the number of chunks. */

let t: TTestDb;
let ui: Awaited<ReturnType<typeof browserCaller>>;
let other: Awaited<ReturnType<typeof browserCaller>>;
let restore: () => void;

beforeAll(async () => {
  restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "off" });
  t = await openTestDb();
  await seedCards(t.db);
  ui = await browserCaller(t.db, (await createAccount(t.db)).account.id);
  other = await browserCaller(t.db, (await createAccount(t.db)).account.id);
});
afterAll(async () => {
  restore?.();
  await t?.close();
});

async function exported(caller: typeof ui, filter: Record<string, string>): Promise<string[]> {
  const slugs: string[] = [];
  for await (const chunk of await caller.workspace.cardExport(filter)) slugs.push(...chunk.map((c) => c.slug!));
  return slugs;
}

/** The same filter through the list procedure, one card per page (every page boundary crossed). */
async function listed(caller: typeof ui, filter: Record<string, string>): Promise<string[]> {
  const slugs: string[] = [];
  for (let offset = 0; ; offset++) {
    const r = await caller.cards.list({ ...filter, limit: "1", offset: String(offset) });
    slugs.push(...r.data.map((c) => c.slug!));
    if (!r.pagination.has_next) return slugs;
  }
}

describe("workspace.cardExport", () => {
  it.each<Record<string, string>>([
    {},
    { sort: "name:asc" },
    { sort: "trending" },
    { stages: "seed,series-a" },
    { categories: "defi", sort: "created_at:asc" },
    { search: "chain" },
    { min_signals: "2" },
    { stages: "no-such-stage" },
  ])("holds exactly the rows of the list, in its order: %o", async (filter) => {
    const expected = await listed(ui, filter);
    expect(await exported(ui, filter)).toEqual(expected);
  });

  it("gives each card's list fields", async () => {
    const chunks = [];
    for await (const chunk of await ui.workspace.cardExport({ stages: "seed" })) chunks.push(...chunk);
    const list = await ui.cards.list({ stages: "seed" });
    expect(chunks).toEqual(list.data);
  });

  it("reads a folder and a saved filter of the caller only", async () => {
    const folder = await ui.user.folders.create({ name: "Export" });
    const cards = await ui.cards.list({ stages: "seed" });
    await ui.user.folders.addCards({ id: folder.id, cardIds: cards.data.map((c) => c.id!) });
    expect((await exported(ui, { folder_ids: String(folder.id) })).sort()).toEqual(cards.data.map((c) => c.slug!).sort());
    expect(await failure(exported(other, { folder_ids: String(folder.id) }))).toBe("validation_error");

    const saved = await ui.user.filters.create({ name: "Seed", params: { stages: ["seed"] } });
    expect((await exported(ui, { filter_id: String(saved.id) })).sort()).toEqual(cards.data.map((c) => c.slug!).sort());
    expect(await failure(exported(other, { filter_id: String(saved.id) }))).not.toBe("no error");
  });

  it("refuses a bad filter and an account without card access", async () => {
    expect(await failure(exported(ui, { min_signals: "lots" }))).toBe("validation_error");
    expect(await failure(exported(ui, { limit: "5" } as Record<string, string>))).toBe("validation_error");
    const limited = await browserCaller(t.db, (await createAccount(t.db, { scope: "collections_only" })).account.id);
    expect(await failure(exported(limited, {}))).toBe("permission_denied");
  });
});
