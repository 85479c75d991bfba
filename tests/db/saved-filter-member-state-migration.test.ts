import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/server/db/migrate";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The migration that made the seen mark and "Alert me" per account: the values the saved filter
 * held move to its creator's row of saved_filter_member_state, the two columns go, and the card
 * triggers log changes while anybody follows a filter. The database is put back to the state
 * before it (the table dropped, the columns added with values) and the migration applied again,
 * with the later one that renames the seen mark's column (last_viewed_at to last_seen_at), whose
 * values must survive the rename.
 */

const MIGRATION = "20261202500000_saved_filter_member_state";
const RENAME = "20261206224737_saved_filter_last_seen";

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const columnsOf = async (table: string) =>
  (
    await t.db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = ${table} ORDER BY column_name`
  ).map((r) => r.column_name);

describe(MIGRATION, () => {
  it("moves each filter's seen mark and alert to its creator's row and drops the columns", async () => {
    const owner = (await createAccount(t.db)).account.id;
    const other = (await createAccount(t.db)).account.id;
    const mk = (accountId: number, name: string) => t.db.savedFilter.create({ data: { accountId, name, params: {} } });
    const [seen, followed, both, untouched] = [
      await mk(owner, "seen"),
      await mk(owner, "followed"),
      await mk(other, "both"),
      await mk(other, "plain"),
    ];

    await t.db.$executeRawUnsafe(`DROP TABLE saved_filter_member_state`);
    await t.db.$executeRawUnsafe(
      `ALTER TABLE saved_filter ADD COLUMN last_viewed_at timestamptz(6), ADD COLUMN alert_since timestamptz(6)`,
    );
    await t.db.$executeRaw`UPDATE saved_filter SET last_viewed_at = '2026-01-02T03:04:05Z' WHERE id IN (${seen.id}, ${both.id})`;
    await t.db.$executeRaw`UPDATE saved_filter SET alert_since = '2026-02-03T04:05:06Z' WHERE id IN (${followed.id}, ${both.id})`;
    await t.db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE migration_name IN (${MIGRATION}, ${RENAME})`;

    expect((await migrate(t.url)).applied).toEqual([MIGRATION, RENAME]);

    const rows = await t.db.savedFilterMemberState.findMany({ orderBy: { savedFilterId: "asc" } });
    expect(rows).toEqual([
      { savedFilterId: seen.id, accountId: owner, lastSeenAt: new Date("2026-01-02T03:04:05Z"), alertSince: null },
      { savedFilterId: followed.id, accountId: owner, lastSeenAt: null, alertSince: new Date("2026-02-03T04:05:06Z") },
      {
        savedFilterId: both.id,
        accountId: other,
        lastSeenAt: new Date("2026-01-02T03:04:05Z"),
        alertSince: new Date("2026-02-03T04:05:06Z"),
      },
    ]);
    expect(rows.map((r) => r.savedFilterId)).not.toContain(untouched.id);
    const columns = await columnsOf("saved_filter");
    expect(columns).not.toContain("last_viewed_at");
    expect(columns).not.toContain("alert_since");
    expect(await columnsOf("saved_filter_member_state")).toEqual(["account_id", "alert_since", "last_seen_at", "saved_filter_id"]);
  });

  it("the card triggers log changes only while somebody follows a filter", async () => {
    await t.db.$executeRawUnsafe(`DELETE FROM vm_card_change`);
    await t.db.$executeRawUnsafe(`UPDATE saved_filter_member_state SET alert_since = NULL`);
    await t.db.card.create({ data: { slug: "unlogged", name: "Unlogged" } });
    expect(await t.db.$queryRawUnsafe(`SELECT card_id FROM vm_card_change`)).toEqual([]);

    await t.db.$executeRawUnsafe(`UPDATE saved_filter_member_state SET alert_since = now() WHERE last_seen_at IS NOT NULL`);
    const logged = await t.db.card.create({ data: { slug: "logged", name: "Logged" } });
    expect(await t.db.$queryRawUnsafe(`SELECT card_id FROM vm_card_change`)).toEqual([{ card_id: logged.id }]);
  });
});
