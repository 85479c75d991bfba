import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";

/**
 * "Alert me" on one of the caller's saved filters (another account's filter is not found). From
 * then on, cards added or changed that newly match it are notified (alerts.ts); cards that matched
 * before and do not change are not.
 */
export async function setFilterAlert(
  db: TDb,
  accountId: number,
  id: number,
  on: boolean,
): Promise<{ id: number; alert: boolean; alert_since: string | null }> {
  const rows = await db.$queryRaw<{ alert_since: Date | null }[]>`
    UPDATE saved_filter SET alert_since = CASE WHEN ${on} THEN COALESCE(alert_since, now()) END
     WHERE id = ${id} AND account_id = ${accountId}
    RETURNING alert_since`;
  if (!rows[0]) throw notFound("Saved filter");
  const since = rows[0].alert_since;
  return { id, alert: since !== null, alert_since: since ? iso(since) : null };
}

/** The ids of the caller's followed filters. */
export async function followedFilterIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db.savedFilter.findMany({
    where: { accountId, alertSince: { not: null } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.id);
}
