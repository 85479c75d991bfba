/** Participants as the spec's Participant resource, and the queries that read them. */

interface TParticipantRef {
  slug: string;
  name: string;
}

export interface TParticipantSource {
  slug: string;
  type: string;
  link: string;
}

/** The spec's Participant (list item); `is_saved` only with include_user_data, `sources` only on detail. */
export interface TParticipant {
  slug: string;
  name: string;
  alt_name: string | null;
  email: string | null;
  image: string | null;
  about: string | null;
  type: string;
  web3: boolean;
  web2: boolean;
  monthly_signals: number;
  associated_with: TParticipantRef | null;
  self_associated: boolean;
  is_saved?: boolean;
  similarity?: number;
  sources?: TParticipantSource[];
}

/** Filters of the participants list that apply before any ranking (semantic search included). */
export interface TParticipantFilters {
  /** Participant type slug; an unknown slug matches nothing. */
  type?: string;
  web3?: boolean;
  web2?: boolean;
  /** Only the caller's saved participants. */
  savedOnly: boolean;
}

export interface TParticipantListQuery extends TParticipantFilters {
  limit: number;
  offset: number;
  includeTotal: boolean;
  search?: string;
  semantic: boolean;
  minSimilarity: number;
  /** Preset (`name`, `most_active`) or custom `field:dir,...`; default `name`. */
  sort?: string;
  includeUserData: boolean;
}

interface TParticipantListMeta {
  sort: string;
  include_user_data: boolean;
  semantic?: { enabled: boolean; min_similarity: number; ranking: string };
}

export interface TParticipantList {
  data: TParticipant[];
  total: number | null;
  /** Rows fetched for the page: up to limit + 1 (the extra one tells whether a next page exists). */
  fetched: number;
  meta: TParticipantListMeta;
}

export const DEFAULT_MIN_SIMILARITY = 0.3;
