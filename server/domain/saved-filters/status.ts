import type { TDb } from "~/server/db/client";
import { notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { listCards } from "../cards/list";
import type { TCardFilterParams } from "../cards/filter-schema";
import { listSavedFilters, USABLE_BY_ACCOUNT, visibleFiltersOf, type TSavedFilter } from "./filters";

/**
 * The workspace's saved filter page: for each of the caller's filters, how many cards match it now
 * and how many of those were added since the caller last marked them seen ("new since last viewed";
 * a filter never marked seen counts from when it was saved). The seen mark is each account's own
 * (saved_filter_member_state): on a team's shared filter every member has theirs, and one member's
 * "Mark seen" changes nobody else's counts. Opening a filter marks nothing: seeing its new cards is
 * the explicit "Mark seen" (markSavedFilterViewed). The counts run the card list itself, so they
 * are the numbers the list shows when the filter is opened.
 */

export interface TSavedFilterStatus extends TSavedFilter {
  last_viewed_at: string | null;
  matching: number;
  new_since_viewed: number;
}

/** Parses stored parameters into list parameters (the caller's schema; null when no longer valid). */
export type TParseStored = (stored: Record<string, unknown>) => TCardFilterParams | null;

async function countCards(db: TDb, accountId: number, params: TCardFilterParams): Promise<number> {
  const r = await listCards(db, accountId, { ...params, limit: 1, offset: 0, include_total: true, fields: ["id"] });
  return r.page.total ?? 0;
}

export async function savedFilterStatuses(db: TDb, accountId: number, parse: TParseStored): Promise<TSavedFilterStatus[]> {
  const filters = await listSavedFilters(db, accountId);
  const states = await db.savedFilterMemberState.findMany({
    where: { accountId, savedFilterId: { in: filters.map((f) => f.id) } },
    select: { savedFilterId: true, lastViewedAt: true },
  });
  const viewed = new Map(states.map((r) => [r.savedFilterId, r.lastViewedAt]));
  const out: TSavedFilterStatus[] = [];
  for (const f of filters) {
    const lastViewed = viewed.get(f.id) ?? null;
    const params = parse(f.params);
    if (!params) {
      out.push({ ...f, last_viewed_at: lastViewed ? iso(lastViewed) : null, matching: 0, new_since_viewed: 0 });
      continue;
    }
    const since = lastViewed ?? new Date(f.created_at);
    const after = params.created_after && params.created_after > since ? params.created_after : since;
    const [matching, fresh] = await Promise.all([
      countCards(db, accountId, params),
      countCards(db, accountId, { ...params, created_after: after }),
    ]);
    out.push({ ...f, last_viewed_at: lastViewed ? iso(lastViewed) : null, matching, new_since_viewed: fresh });
  }
  return out;
}

/**
 * Records that the caller has seen the filter's cards now ("Mark seen": resets their own "new since
 * last viewed"). One statement checks that the caller may use the filter and writes their row.
 */
export async function markSavedFilterViewed(db: TDb, accountId: number, id: number): Promise<{ id: number; last_viewed_at: string }> {
  const now = new Date();
  const n = await db.$executeRaw`
    INSERT INTO saved_filter_member_state (saved_filter_id, account_id, last_viewed_at)
    SELECT f.id, a.id, ${now}::timestamptz FROM saved_filter f JOIN account a ON a.id = ${accountId}
     WHERE f.id = ${id} AND ${USABLE_BY_ACCOUNT}
    ON CONFLICT (saved_filter_id, account_id) DO UPDATE SET last_viewed_at = EXCLUDED.last_viewed_at`;
  if (n === 0) throw notFound("Saved filter");
  return { id, last_viewed_at: iso(now) };
}

/** Filter `id` as the caller sees it, with their own seen mark (null when they cannot use it). */
async function filterWithMark(db: TDb, accountId: number, id: number) {
  const row = await db.savedFilter.findFirst({
    where: { id, ...(await visibleFiltersOf(db, accountId)) },
    select: { name: true, params: true, createdAt: true, memberStates: { where: { accountId }, select: { lastViewedAt: true } } },
  });
  if (!row) return null;
  /** Cards created at or after this instant are new for the caller. */
  const since = row.memberStates[0]?.lastViewedAt ?? row.createdAt;
  return { name: row.name, params: row.params, since };
}

/** One filter's "what's new": the instant its new cards count from and how many match now. */
export interface TSavedFilterNews {
  id: number;
  name: string;
  /** Cards created at or after this instant are new (when the caller last marked it seen, else when it was saved). */
  since: string;
  new_count: number;
}

export async function savedFilterNews(db: TDb, accountId: number, id: number, parse: TParseStored): Promise<TSavedFilterNews> {
  const row = await filterWithMark(db, accountId, id);
  if (!row) throw notFound("Saved filter");
  const { since } = row;
  const params = parse((row.params ?? {}) as Record<string, unknown>);
  if (!params) return { id, name: row.name, since: iso(since), new_count: 0 };
  const after = params.created_after && params.created_after > since ? params.created_after : since;
  return { id, name: row.name, since: iso(since), new_count: await countCards(db, accountId, { ...params, created_after: after }) };
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
