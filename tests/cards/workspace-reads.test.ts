import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { setEmbeddingsEnv } from "../embeddings/env";
import { seedCards } from "./fixture";

/** The card page's own reads: signals per month and similar cards. */

let t: TTestDb;
let ui: Awaited<ReturnType<typeof browserCaller>>;
let restore: () => void;

beforeAll(async () => {
  restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "off" });
  t = await openTestDb();
  await seedCards(t.db);
  ui = await browserCaller(t.db, (await createAccount(t.db)).account.id);
});
afterAll(async () => {
  restore?.();
  await t?.close();
});

describe("workspace.signalsPerMonth", () => {
  it("counts interactions per UTC month, months without any as 0", async () => {
    expect((await ui.workspace.signalsPerMonth({ slug: "alpha-dex" })).data).toEqual([
      { month: "2024-01", count: 1 },
      { month: "2024-02", count: 0 },
      { month: "2024-03", count: 2 },
    ]);
    expect((await ui.workspace.signalsPerMonth({ slug: "zeta" })).data).toEqual([]);
    await expect(ui.workspace.signalsPerMonth({ slug: "no-such-card" })).rejects.toMatchObject({ cause: { code: "not_found" } });
  });
});

describe("workspace.similarCards", () => {
  it("without semantic search: cards sharing a category, never the card itself", async () => {
    const r = await ui.workspace.similarCards({ slug: "beta-lending" });
    expect(r.method).toBe("categories");
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.map((c) => c.slug)).not.toContain("beta-lending");
    // Every card listed shares one of beta-lending's categories (or a child of one).
    for (const c of r.data) {
      const listed = await ui.cards.list({ categories: "lending,defi", search: c.name!, limit: 100 });
      expect(listed.data.map((x) => x.slug)).toContain(c.slug);
    }
    expect((await ui.workspace.similarCards({ slug: "zeta" })).data).toEqual([]);
    expect((await ui.workspace.similarCards({ slug: "alpha-dex", limit: 1 })).data.length).toBeLessThanOrEqual(1);
  });
});
