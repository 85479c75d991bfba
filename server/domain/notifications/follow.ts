import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { USABLE_BY_ACCOUNT, visibleFiltersOf } from "../saved-filters/filters";

/**
 * "Alert me" on a saved filter the caller uses (their own, or their team's shared one; any other is
 * not found). Following is each account's own (saved_filter_member_state): every member of a team
 * can follow a shared filter and is notified in their own inbox. From then on, cards added or
 * changed that newly match it are notified (saved-filters/matcher.ts); cards that matched before and do not
 * change are not. One statement checks that the caller may use the filter and writes their row.
 */
export async function setFilterAlert(
  db: TDb,
  accountId: number,
  id: number,
  on: boolean,
): Promise<{ id: number; alert: boolean; alert_since: string | null }> {
  const rows = await db.$queryRaw<{ alert_since: Date | null }[]>`
    INSERT INTO saved_filter_member_state AS s (saved_filter_id, account_id, alert_since)
    SELECT f.id, a.id, CASE WHEN ${on} THEN now() END FROM saved_filter f JOIN account a ON a.id = ${accountId}
     WHERE f.id = ${id} AND ${USABLE_BY_ACCOUNT}
    ON CONFLICT (saved_filter_id, account_id)
      DO UPDATE SET alert_since = CASE WHEN ${on} THEN COALESCE(s.alert_since, now()) END
    RETURNING alert_since`;
  if (!rows[0]) throw notFound("Saved filter");
  const since = rows[0].alert_since;
  return { id, alert: since !== null, alert_since: since ? iso(since) : null };
}

/** The ids of the saved filters the caller follows and can still use (a team filter after leaving the team is not). */
export async function followedFilterIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db.savedFilterMemberState.findMany({
    where: { accountId, alertSince: { not: null }, savedFilter: await visibleFiltersOf(db, accountId) },
    select: { savedFilterId: true },
    orderBy: { savedFilterId: "asc" },
  });
  return rows.map((r) => r.savedFilterId);
}
