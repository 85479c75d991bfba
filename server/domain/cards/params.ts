import type { TCardFilterParams } from "./filter-schema";

/**
 * Card list parameters, already validated and typed: the card filter (filter-schema.ts) with
 * paging, totals, user data and filter_id (the REST schema: server/api/routers/cards/list.types.ts).
 * Names are the spec's parameter names.
 */

export interface TCardListParams extends TCardFilterParams {
  limit: number;
  offset: number;
  include_total?: boolean;
  include_user_data?: boolean;
  filter_id?: number;
}

export const DEFAULT_MIN_SIMILARITY = 0.3;
export const NEW_WINDOW_DAYS = 7;
