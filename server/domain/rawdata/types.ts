/** Types of the raw-data domain: founder profiles (the spec's Network profile) and collections. */

export const CLASSIFICATIONS = ["strong_potential_founder", "potential_founder", "noise"] as const;
export const PATHS = ["declared_founder", "imminent_founder"] as const;

export const PROFILE_LIMIT_MAX = 200;
export const PROFILE_LIMIT_DEFAULT = 50;

/** Query values as they arrive (strings; lists still comma-separated). Absent keys are undefined. */
export interface TRawProfileQuery {
  limit?: string;
  offset?: string;
  include_total?: string;
  search?: string;
  sort?: string;
  classification?: string;
  path?: string;
  status?: string;
  tags?: string;
  collection?: string;
  created_at?: string;
}

export type TSortField = "created_at" | "updated_at" | "name";
export type TSortDir = "asc" | "desc";

export interface TProfileSort {
  /** The effective sort, normalised ("created_at:desc"), as reported in meta.sort. */
  label: string;
  keys: { field: TSortField; dir: TSortDir }[];
}

/** Profile filters after lenient parsing: a key is present only when it filters. */
export interface TProfileFilters {
  /** Words of `search`; each must occur in name, headline or summary. */
  search?: string[];
  classification?: string[];
  path?: string[];
  /** Lower-cased; compared case-insensitively. */
  status?: string;
  tags?: string[];
  /** Canonical ISO 8601 UTC with microseconds: created on or after. */
  createdAt?: string;
}

export interface TProfileQuery {
  limit: number;
  offset: number;
  includeTotal: boolean;
  filters: TProfileFilters;
  /** Requested collection slugs (deduplicated); empty when none. */
  collections: string[];
  sort: TProfileSort;
  /** Names of the parameters whose value was ignored (invalid, or status with a collection). */
  ignored: string[];
}

/** Collection criteria (docs/api.md): every given criterion must hold; lists match any value. */
export interface TCriteria {
  classification?: string[];
  path?: string[];
  tags?: string[];
  /** Lower-cased country names, compared with profile.country. */
  countries?: string[];
  search?: string;
}

export interface TCollectionRef {
  id: number;
  slug: string;
  /** null when the stored criteria are malformed: the collection then has no members. */
  criteria: TCriteria | null;
}

export interface TCollectionItem {
  slug: string;
  name: string;
  description: string;
}

export interface TNetworkProfile {
  id: number;
  name: string;
  headline: string | null;
  summary: string | null;
  location: string | null;
  network_a: { url: string | null; image_url: string | null; urn: string | null };
  classification: string | null;
  path: string | null;
  status?: string | null;
  out_of_stealth_date?: string | null;
  education: Record<string, unknown>[];
  experience: Record<string, unknown>[];
  notable_achievements: string | null;
  new_company?: TNewCompany | null;
  tags: string[];
  created_at: string;
  updated_at: string;
}

export interface TNewCompany {
  name: string | null;
  description: string | null;
  website: string | null;
  logo: string | null;
  network_a_url: string | null;
}
