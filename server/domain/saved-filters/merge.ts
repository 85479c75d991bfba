import type { TDb } from "~/server/db/client";
import { DATE_FIELDS } from "../cards/date-windows";
import { SAVED_FILTER_KEYS } from "../cards/filter-keys";
import { ZCardFilterParams, type TCardFilterParams } from "../cards/filter-schema";
import { validationError } from "~/server/lib/errors";
import { savedFilterParams } from "./filters";

/** Card list parameters that may name a saved filter (`filter_id`) to apply under them. */
type TWithFilterId = TCardFilterParams & { filter_id?: number };

/**
 * filter_id: the caller's saved filter parameters, merged UNDER the parameters given explicitly
 * (an explicit parameter replaces the saved one of the same name; lists are not combined). A date
 * field's lower bound given explicitly (`created_after` or `created_within_days`) replaces the saved
 * lower bound of that field in either form, so a saved window never narrows an explicit date.
 * Anything else `params` carries (paging, totals) is kept as it is.
 */
export async function withSavedFilter<T extends TWithFilterId>(db: TDb, accountId: number, params: T): Promise<T> {
  if (params.filter_id === undefined) return params;
  const stored = await savedFilterParams(db, accountId, params.filter_id);
  const parsed = ZCardFilterParams.safeParse(stored);
  if (!parsed.success) {
    throw validationError("filter_id", `saved filter ${params.filter_id} holds parameters that are no longer valid`);
  }
  const merged: Record<string, unknown> = { ...params };
  const saved: Record<string, unknown> = { ...parsed.data };
  for (const f of DATE_FIELDS) {
    if (params[f.after] !== undefined || params[f.window] !== undefined) {
      delete saved[f.after];
      delete saved[f.window];
    }
  }
  for (const key of SAVED_FILTER_KEYS) {
    if (merged[key] === undefined && saved[key] !== undefined) merged[key] = saved[key];
  }
  return merged as T;
}

/**
 * A saved filter's new cards: `params` (already merged with the saved filter) narrowed to the cards
 * created since `since`, when last marked seen (an explicit later `created_after` still wins).
 */
export function createdSince<T extends TCardFilterParams>(params: T, since: Date): T {
  return params.created_after && params.created_after > since ? params : { ...params, created_after: since };
}

/** A saved filter's stored parameters as list parameters again (null when they are no longer valid). */
export function parseStoredFilter(stored: Record<string, unknown>): TCardFilterParams | null {
  const parsed = ZCardFilterParams.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
