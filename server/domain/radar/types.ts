/**
 * Radar vocabulary (spec "Radar", docs/radar.md): sources, application states, change types, and the
 * normalised profile snapshot that connectors produce and change detection compares.
 */

export const SOURCES = ["network_a", "network_b"] as const;
export type TSource = (typeof SOURCES)[number];

/** Each network's name as people read it: in messages and in the workspace, never the source's code. */
export const SOURCE_NAMES: Record<TSource, string> = { network_a: "Network A", network_b: "Network B" };

export const INIT_STATUSES = ["idle", "pending", "processing", "failed"] as const;
export type TInitStatus = (typeof INIT_STATUSES)[number];

/** Values of `change_type` (listed by GET /v1/radar/updates/meta/). */
export const CHANGE_TYPES = ["career_change", "headline_change", "bio_change", "combined"] as const;
export type TChangeType = (typeof CHANGE_TYPES)[number];

export const LIST_SORTS = ["recent", "name", "company", "tracked"] as const;
export type TListSort = (typeof LIST_SORTS)[number];
export type TOrder = "asc" | "desc";

/** How a create request names the profile. */
export const IDENTIFIER_KINDS = {
  network_a: ["username", "network_a_url"],
  network_b: ["username", "network_b_url", "network_b_user_id"],
} as const;
export type TIdentifierKind = "username" | "network_a_url" | "network_b_url" | "network_b_user_id";

export interface TPosition {
  title: string | null;
  company: string | null;
  start_date: string | null;
  end_date: string | null;
  location: string | null;
  description: string | null;
}

export interface TNetworkASnapshot {
  source: "network_a";
  /** The profile id at the source. */
  external_id: string;
  username: string | null;
  name: string | null;
  profile: {
    headline: string | null;
    summary: string | null;
    location: string | null;
    url: string | null;
    image_url: string | null;
    urn: string | null;
  };
  career: { current: TPosition | null; history: TPosition[] };
  education: { school: string | null; degree: string | null }[];
  skills: string[];
}

export interface TNetworkBSnapshot {
  source: "network_b";
  /** The numeric user id at the source. */
  external_id: string;
  username: string | null;
  name: string | null;
  profile: { bio: string | null; location: string | null; url: string | null; followers: number };
  activity: { recent_posts: unknown[]; followed_accounts: unknown[] };
}

export type TSnapshot = TNetworkASnapshot | TNetworkBSnapshot;

/** `radar_error` of a failed application. */
export interface TRadarError {
  code: string;
  message: string;
  attempts: number;
  failed_at: string;
}

interface TSourceQuota {
  limit: number;
  used: number;
  remaining: number;
}
export type TQuota = Record<TSource, TSourceQuota>;

/** Connections shown inside updates. */
export interface TConnectionRef {
  id: number;
  source: TSource;
  username: string | null;
  name: string | null;
}
