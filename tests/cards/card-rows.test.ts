import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { cardRowJson } from "~/server/domain/cards/rows";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards, type TFixture } from "./fixture";

/**
 * vm_card_rows (migration 20261125090000) builds the rows of list pages with the column list of
 * rows.ts (COLUMNS), which detail and semantic pages still use: both must give the same JSON.
 */

let t: TTestDb;
let fx: TFixture;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
});
afterAll(async () => {
  await t?.close();
});

const viaFunction = async (ids: number[], accountId: number) =>
  (await t.db.$queryRaw<{ rows: string }[]>(Prisma.sql`SELECT vm_card_rows(${ids}::int[], ${accountId}::int) AS rows`))[0]!.rows;
/** The same cards' rows from COLUMNS (cardRowJson), in the order of the ids. */
const viaColumns = async (ids: number[], accountId: number) =>
  (
    await t.db.$queryRaw<{ rows: string }[]>(Prisma.sql`
    SELECT coalesce(json_agg(${cardRowJson(accountId, Prisma.sql`k.id`)}::json ORDER BY k.pos), '[]')::text AS rows
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS k(id, pos)`)
  )[0]!.rows;

describe("vm_card_rows", () => {
  it("returns the rows that COLUMNS reads, in the order of the ids, with the caller's intro requests", async () => {
    const { account } = await createAccount(t.db, {});
    const other = await createAccount(t.db, {});
    const ids = Object.values(fx.cards).sort((a, b) => b - a);
    await t.db.introRequest.create({ data: { accountId: account.id, cardId: ids[1]! } });

    const rows = await viaFunction(ids, account.id);
    // The same rows, field by field (the function's rows carry their position besides).
    const withoutPos = (text: string) => (JSON.parse(text) as Record<string, unknown>[]).map(({ pos: _pos, ...row }) => row);
    expect(withoutPos(rows)).toEqual(JSON.parse(await viaColumns(ids, account.id)));
    const parsed = JSON.parse(rows) as { id: number; has_intro_request: boolean; category_ids: number[] }[];
    expect(parsed.map((r) => r.id)).toEqual(ids);
    expect(parsed.filter((r) => r.has_intro_request).map((r) => r.id)).toEqual([ids[1]]);
    expect(parsed.some((r) => r.category_ids.length > 0)).toBe(true);
    // Another account does not see the first one's intro request.
    expect(JSON.parse(await viaFunction(ids, other.account.id)).some((r: { has_intro_request: boolean }) => r.has_intro_request)).toBe(
      false,
    );
  });

  it("skips unknown ids and answers [] for none", async () => {
    const first = Object.values(fx.cards)[0]!;
    expect(JSON.parse(await viaFunction([-5, first, 2_000_000_000], 1)).map((r: { id: number }) => r.id)).toEqual([first]);
    expect(await viaFunction([], 1)).toBe("[]");
  });
});
