/**
 * Card list parameters, already validated and typed (the REST schema lives in
 * server/api/routers/cards/list.types.ts). Names are the spec's parameter names.
 */

/** Parameters that select and order cards: what a saved filter stores. */
export interface TCardFilterParams {
  stages?: string[];
  rounds?: string[];
  categories?: string[];
  locations?: string[];
  participants?: string[];
  source_types?: string[];
  display_preference?: "web3" | "web2" | "all";
  folder_ids?: number[];
  search?: string;
  semantic?: boolean;
  min_similarity?: number;
  featured?: boolean;
  new?: boolean;
  trending?: boolean;
  min_signals?: number;
  max_signals?: number;
  created_after?: Date;
  created_before?: Date;
  updated_after?: Date;
  updated_before?: Date;
  last_interaction_after?: Date;
  last_interaction_before?: Date;
  first_interaction_after?: Date;
  first_interaction_before?: Date;
  sort?: string;
  view?: "default" | "compact";
  fields?: string[];
}

export interface TCardListParams extends TCardFilterParams {
  limit: number;
  offset: number;
  include_total?: boolean;
  include_user_data?: boolean;
  filter_id?: number;
}

/** Keys a saved filter may hold (everything but paging, totals, user data and filter_id itself). */
export const SAVED_FILTER_KEYS = [
  "stages",
  "rounds",
  "categories",
  "locations",
  "participants",
  "source_types",
  "display_preference",
  "folder_ids",
  "search",
  "semantic",
  "min_similarity",
  "featured",
  "new",
  "trending",
  "min_signals",
  "max_signals",
  "created_after",
  "created_before",
  "updated_after",
  "updated_before",
  "last_interaction_after",
  "last_interaction_before",
  "first_interaction_after",
  "first_interaction_before",
  "sort",
  "view",
  "fields",
] as const satisfies readonly (keyof TCardFilterParams)[];

export const DEFAULT_MIN_SIMILARITY = 0.3;
export const NEW_WINDOW_DAYS = 7;
