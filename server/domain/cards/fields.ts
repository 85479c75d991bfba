import { CARD_LIST_FIELDS } from "./format";

/**
 * Field selection of card lists: `view=compact` (docs/api.md) or `fields=...` (only those top-level
 * keys; `fields` wins over `view` when both are given). `user_data` (include_user_data=true) and
 * `similarity` (semantic search) are added by their own parameters whatever the selection, and are
 * accepted in `fields` without effect of their own.
 */

/** `view=compact` (and saved-filter webhooks' cards), in output order like every selection. */
export const COMPACT_FIELDS = ["id", "slug", "name", "public_url", "interactions_count", "stage", "round", "last_interaction_at"] as const;

export const SELECTABLE_FIELDS: readonly string[] = [...CARD_LIST_FIELDS, "user_data", "similarity"];

/** Names in `fields` that are not card fields (for the 400). */
export function unknownFields(fields: readonly string[]): string[] {
  return fields.filter((f) => !SELECTABLE_FIELDS.includes(f));
}

/** The base (non user-data, non similarity) fields to return, in output order. */
export function baseFields(view: "default" | "compact" | undefined, fields: readonly string[] | undefined): readonly string[] {
  if (fields && fields.length > 0) return CARD_LIST_FIELDS.filter((f) => fields.includes(f));
  if (view === "compact") return COMPACT_FIELDS;
  return CARD_LIST_FIELDS;
}

/** meta.fields: every top-level key the items carry, sorted. */
export function metaFields(base: readonly string[], userData: boolean, similarity: boolean): string[] {
  return [...base, ...(userData ? ["user_data"] : []), ...(similarity ? ["similarity"] : [])].sort();
}

/** The item restricted to `keys` (same object when every list field is kept). */
export function pick<T extends object>(item: T, keys: readonly string[]): Partial<T> {
  if (keys.length === CARD_LIST_FIELDS.length) return item;
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = (item as Record<string, unknown>)[k];
  return out as Partial<T>;
}
