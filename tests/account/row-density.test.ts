import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure } from "../helpers/trpc";

/**
 * The workspace tables' row density is the account's own: kept on the server, read with the
 * account (account.me), one account's choice never another's, and only the two known values.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("row density", () => {
  it("is comfortable until changed, then kept with the account and read with it", async () => {
    const a = await browserUser(t.db);
    const b = await browserUser(t.db);
    expect((await a.ui.account.me()).row_density).toBe("comfortable");
    expect(await a.ui.account.setRowDensity({ row_density: "compact" })).toEqual({ row_density: "compact" });
    expect((await a.ui.account.me()).row_density).toBe("compact");
    expect((await b.ui.account.me()).row_density).toBe("comfortable");
    await a.ui.account.setRowDensity({ row_density: "comfortable" });
    expect((await a.ui.account.me()).row_density).toBe("comfortable");
  });

  it("refuses any other value, and so does the database", async () => {
    const a = await browserUser(t.db);
    expect(await failure(a.ui.account.setRowDensity({ row_density: "tiny" as "compact" }))).toBe("validation_error");
    await expect(t.db.$executeRaw`UPDATE account SET row_density = 'tiny' WHERE id = ${a.account.id}`).rejects.toThrow(
      /vm_account_row_density/,
    );
    expect((await a.ui.account.me()).row_density).toBe("comfortable");
  });
});
