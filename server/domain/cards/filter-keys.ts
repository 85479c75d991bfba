/**
 * The names of the card filter's parameters (filter-schema.ts, whose shape must have exactly these
 * keys), in the order of the card list's parameters: the keys a saved filter may hold (everything
 * but paging, totals, user data and filter_id). A plain list, so the workspace can read it in the
 * browser without zod.
 */
export const SAVED_FILTER_KEYS = [
  "sort",
  "view",
  "fields",
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
  "created_within_days",
  "updated_within_days",
  "last_interaction_within_days",
  "first_interaction_within_days",
] as const;

export type TCardFilterKey = (typeof SAVED_FILTER_KEYS)[number];
