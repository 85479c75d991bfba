import type { TDb } from "~/server/db/client";
import { notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { listCards } from "../cards/list";
import type { TCardFilterParams } from "../cards/filter-schema";
import { listSavedFilters, visibleFiltersOf, type TSavedFilter } from "./filters";

/**
 * The workspace's saved filter page: for each of the caller's filters, how many cards match it now
 * and how many of those were added since its owner last marked them seen ("new since last viewed";
 * a filter never marked seen counts from when it was saved). Opening a filter marks nothing: seeing
 * its new cards is the explicit "Mark seen" (markSavedFilterViewed). The counts run the card list itself, so
 * they are the numbers the list shows when the filter is opened.
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
  const viewed = new Map(
    (await db.savedFilter.findMany({ where: await visibleFiltersOf(db, accountId), select: { id: true, lastViewedAt: true } })).map((r) => [
      r.id,
      r.lastViewedAt,
    ]),
  );
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

/** Records that the owner has seen the filter's cards now ("Mark seen": resets "new since last viewed"). */
export async function markSavedFilterViewed(db: TDb, accountId: number, id: number): Promise<{ id: number; last_viewed_at: string }> {
  const now = new Date();
  const n = await db.savedFilter.updateMany({ where: { id, ...(await visibleFiltersOf(db, accountId)) }, data: { lastViewedAt: now } });
  if (n.count === 0) throw notFound("Saved filter");
  return { id, last_viewed_at: iso(now) };
}

/** One filter's "what's new": the instant its new cards count from and how many match now. */
export interface TSavedFilterNews {
  id: number;
  name: string;
  /** Cards created at or after this instant are new (when it was last marked seen, else when it was saved). */
  since: string;
  new_count: number;
}

export async function savedFilterNews(db: TDb, accountId: number, id: number, parse: TParseStored): Promise<TSavedFilterNews> {
  const row = await db.savedFilter.findFirst({ where: { id, ...(await visibleFiltersOf(db, accountId)) } });
  if (!row) throw notFound("Saved filter");
  const since = row.lastViewedAt ?? row.createdAt;
  const params = parse((row.params ?? {}) as Record<string, unknown>);
  if (!params) return { id, name: row.name, since: iso(since), new_count: 0 };
  const after = params.created_after && params.created_after > since ? params.created_after : since;
  return { id, name: row.name, since: iso(since), new_count: await countCards(db, accountId, { ...params, created_after: after }) };
}

/** When the cards of the caller's filter `id` start counting as new (null when it is not theirs). */
async function newSince(db: TDb, accountId: number, id: number): Promise<Date | null> {
  const row = await db.savedFilter.findFirst({
    where: { id, ...(await visibleFiltersOf(db, accountId)) },
    select: { lastViewedAt: true, createdAt: true },
  });
  return row ? (row.lastViewedAt ?? row.createdAt) : null;
}

/** The instant from which the cards of filter_id `id` are new (a 400 naming filter_id when it is not the caller's, as in a card list). */
export async function savedFilterSince(db: TDb, accountId: number, id: number): Promise<Date> {
  const since = await newSince(db, accountId, id);
  if (!since) throw validationError("filter_id", `no saved filter with id ${id} in your filters`);
  return since;
}

/**
 * The instant from which the new cards of the caller's filter `id` are read: `since` when the
 * caller names one, else when the filter was last marked seen, else when it was saved. The filter
 * is a resource here (GET /v1/cards/filters/{id}/new/), so another account's id is a 404.
 */
export async function savedFilterNewFrom(db: TDb, accountId: number, id: number, since?: Date): Promise<Date> {
  const from = await newSince(db, accountId, id);
  if (!from) throw notFound("Saved filter");
  return since ?? from;
}
