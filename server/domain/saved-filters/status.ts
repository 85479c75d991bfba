import type { TDb } from "~/server/db/client";
import { notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { listCards } from "../cards/list";
import type { TCardFilterParams } from "../cards/filter-schema";
import { listSavedFilters, USABLE_BY_ACCOUNT, visibleFiltersOf, type TSavedFilter } from "./filters";
import { parseStoredFilter } from "./merge";

/**
 * GET /v1/cards/filters/?include_counts=true, the workspace's saved filters page: for each of the caller's filters, how many cards match it now
 * and how many of those were added since the caller last marked them seen ("new since last seen";
 * a filter never marked seen counts from when it was saved). The seen mark is each account's own
 * (saved_filter_member_state): on a team's shared filter every member has theirs, and one member's
 * "Mark seen" changes nobody else's counts. Opening a filter marks nothing: seeing its new cards is
 * the explicit "Mark seen" (markSavedFilterSeen). The counts run the card list itself, so they
 * are the numbers the list shows when the filter is opened.
 */

export interface TSavedFilterStatus extends TSavedFilter {
  last_seen_at: string | null;
  matching: number;
  new_since_seen: number;
}

async function countCards(db: TDb, accountId: number, params: TCardFilterParams): Promise<number> {
  const r = await listCards(db, accountId, { ...params, limit: 1, offset: 0, include_total: true, fields: ["id"] });
  return r.page.total ?? 0;
}

export async function savedFilterStatuses(db: TDb, accountId: number): Promise<TSavedFilterStatus[]> {
  const filters = await listSavedFilters(db, accountId);
  const states = await db.savedFilterMemberState.findMany({
    where: { accountId, savedFilterId: { in: filters.map((f) => f.id) } },
    select: { savedFilterId: true, lastSeenAt: true },
  });
  const seen = new Map(states.map((r) => [r.savedFilterId, r.lastSeenAt]));
  const out: TSavedFilterStatus[] = [];
  for (const f of filters) {
    const lastSeen = seen.get(f.id) ?? null;
    const params = parseStoredFilter(f.params);
    if (!params) {
      out.push({ ...f, last_seen_at: lastSeen ? iso(lastSeen) : null, matching: 0, new_since_seen: 0 });
      continue;
    }
    const since = lastSeen ?? new Date(f.created_at);
    const after = params.created_after && params.created_after > since ? params.created_after : since;
    const [matching, fresh] = await Promise.all([
      countCards(db, accountId, params),
      countCards(db, accountId, { ...params, created_after: after }),
    ]);
    out.push({ ...f, last_seen_at: lastSeen ? iso(lastSeen) : null, matching, new_since_seen: fresh });
  }
  return out;
}

/**
 * Records that the caller has seen the filter's cards now ("Mark seen": resets their own "new since
 * last seen"). One statement checks that the caller may use the filter and writes their row.
 */
export async function markSavedFilterSeen(db: TDb, accountId: number, id: number): Promise<{ id: number; last_seen_at: string }> {
  const now = new Date();
  // Seen and read agree: the caller's unread alerts of this filter (made before now) are read too,
  // so the bell and the next digest no longer count cards the caller has just seen.
  const [r] = await db.$queryRaw<{ n: number }[]>`
    WITH seen AS (
      INSERT INTO saved_filter_member_state (saved_filter_id, account_id, last_seen_at)
      SELECT f.id, a.id, ${now}::timestamptz FROM saved_filter f JOIN account a ON a.id = ${accountId}
       WHERE f.id = ${id} AND ${USABLE_BY_ACCOUNT}
      ON CONFLICT (saved_filter_id, account_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
      RETURNING saved_filter_id
    ), read AS (
      UPDATE notification n SET read_at = ${now}::timestamptz
        FROM seen
       WHERE n.account_id = ${accountId} AND n.kind = 'saved_filter' AND n.saved_filter_id = seen.saved_filter_id
         AND n.read_at IS NULL AND n.created_at <= ${now}::timestamptz
    )
    SELECT count(*)::int AS n FROM seen`;
  if (!r || r.n === 0) throw notFound("Saved filter");
  return { id, last_seen_at: iso(now) };
}

/** Filter `id` as the caller sees it, with their own seen mark (null when they cannot use it). */
async function filterWithMark(db: TDb, accountId: number, id: number) {
  const row = await db.savedFilter.findFirst({
    where: { id, ...(await visibleFiltersOf(db, accountId)) },
    select: { name: true, params: true, createdAt: true, memberStates: { where: { accountId }, select: { lastSeenAt: true } } },
  });
  if (!row) return null;
  /** Cards created at or after this instant are new for the caller. */
  const since = row.memberStates[0]?.lastSeenAt ?? row.createdAt;
  return { name: row.name, params: row.params, since };
}

/** When the cards of the caller's filter `id` start counting as new for them (null when they cannot use it). */
async function newSince(db: TDb, accountId: number, id: number): Promise<Date | null> {
  return (await filterWithMark(db, accountId, id))?.since ?? null;
}

/** The instant from which the cards of filter_id `id` are new (a 400 naming filter_id when it is not the caller's, as in a card list). */
export async function savedFilterSince(db: TDb, accountId: number, id: number): Promise<Date> {
  const since = await newSince(db, accountId, id);
  if (!since) throw validationError("filter_id", `no saved filter with id ${id} in your filters`);
  return since;
}

/**
 * The instant from which the new cards of the caller's filter `id` are read: `since` when the
 * caller names one, else when the caller last marked the filter seen, else when it was saved. The filter
 * is a resource here (GET /v1/cards/filters/{id}/new/), so another account's id is a 404.
 */
export async function savedFilterNewFrom(db: TDb, accountId: number, id: number, since?: Date): Promise<Date> {
  const from = await newSince(db, accountId, id);
  if (!from) throw notFound("Saved filter");
  return since ?? from;
}
