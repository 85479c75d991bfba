import type { TDb } from "../../../db/client";
import { SAVED_FILTER_KEYS } from "../../../domain/cards/filter-keys";
import { ZCardFilterParams } from "../../../domain/cards/filter-schema";
import { savedFilterParams } from "../../../domain/saved-filters/filters";
import { validationError } from "../../../lib/errors";
import type { TCardListRequest } from "./list.types";

/**
 * filter_id: the caller's saved filter parameters, merged UNDER the parameters given explicitly
 * (an explicit parameter replaces the saved one of the same name; lists are not combined).
 */
export async function withSavedFilter(db: TDb, accountId: number, input: TCardListRequest): Promise<TCardListRequest> {
  if (input.filter_id === undefined) return input;
  const stored = await savedFilterParams(db, accountId, input.filter_id);
  const parsed = ZCardFilterParams.safeParse(stored);
  if (!parsed.success) {
    throw validationError("filter_id", `saved filter ${input.filter_id} holds parameters that are no longer valid`);
  }
  const merged: Record<string, unknown> = { ...input };
  for (const key of SAVED_FILTER_KEYS) {
    if (merged[key] === undefined && parsed.data[key] !== undefined) merged[key] = parsed.data[key];
  }
  return merged as TCardListRequest;
}
