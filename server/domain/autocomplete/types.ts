import type { TMatchTier } from "./match";

/**
 * The kinds of things typeahead finds. Among results that match equally well (match.ts), they are
 * listed in this order: the caller's own saved filters and folders, then the reference data, then
 * the records.
 */
export const AUTOCOMPLETE_TYPES = [
  "saved_filter",
  "folder",
  "stage",
  "round",
  "category",
  "location",
  "card",
  "participant",
  "founder",
] as const;
export type TAutocompleteType = (typeof AUTOCOMPLETE_TYPES)[number];

export const AUTOCOMPLETE_LIMIT = { default: 10, max: 25 } as const;

export interface TAutocompleteHit {
  type: TAutocompleteType;
  slug?: string;
  id?: number;
  name: string;
  context: string;
  match: TMatchTier;
  /** Among equal tiers and kinds, the busier first (a card's signals, a participant's monthly signals). */
  weight: number;
}
