import type { TDb } from "~/server/db/client";

/**
 * A saved filter's per-account state (saved_filter_member_state) set and read directly, for tests
 * that need a "seen" mark in the past.
 */

/** Sets the seen mark of `accountId` (default: the filter's creator) on filter `filterId`. */
export async function setLastSeen(db: TDb, filterId: number, at: Date, accountId?: number): Promise<void> {
  const account = accountId ?? (await db.savedFilter.findUniqueOrThrow({ where: { id: filterId }, select: { accountId: true } })).accountId;
  await db.savedFilterMemberState.upsert({
    where: { savedFilterId_accountId: { savedFilterId: filterId, accountId: account } },
    create: { savedFilterId: filterId, accountId: account, lastSeenAt: at },
    update: { lastSeenAt: at },
  });
}

/** The accounts that have marked filter `filterId` seen (none: nobody ever did). */
export async function markedSeenBy(db: TDb, filterId: number): Promise<number[]> {
  const rows = await db.savedFilterMemberState.findMany({
    where: { savedFilterId: filterId, lastSeenAt: { not: null } },
    select: { accountId: true },
    orderBy: { accountId: "asc" },
  });
  return rows.map((r) => r.accountId);
}
