import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { userDataFor, type TUserData } from "../userdata/read";
import { cardInteractions, type TInteractionItem } from "./interactions";
import { cardItems } from "./list";
import type { TCardItem } from "./format";
import { networkAData, networkAProfile, type TNetworkAData, type TNetworkAProfile } from "./profile";
import { rowBySlug } from "./rows";
import { CARD_LIST_FIELDS } from "./format";

/**
 * GET /v1/cards/<slug>/: the list fields plus people, network_a_profile and the deprecated
 * network_a_data (both present only when the card links a profile), more, employment_data, the
 * 20 most recent interactions and has_more_interactions.
 */

const DETAIL_INTERACTIONS = 20;

const PERSON_KEYS = [
  "id",
  "name",
  "type",
  "image",
  "microblog_url",
  "network_a_url",
  "business_db_url",
  "reference_url",
  "code_host_url",
  "email",
  "bio",
] as const;

type TPerson = Record<(typeof PERSON_KEYS)[number], unknown>;

export interface TCardDetail extends TCardItem {
  user_data?: TUserData;
  people: TPerson[];
  network_a_profile?: TNetworkAProfile;
  network_a_data?: TNetworkAData;
  more: Record<string, unknown> | null;
  employment_data: Record<string, unknown> | null;
  interactions: TInteractionItem[];
  has_more_interactions: boolean;
}

function people(v: unknown): TPerson[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((p): p is Record<string, unknown> => !!p && typeof p === "object" && !Array.isArray(p))
    .map((p) => Object.fromEntries(PERSON_KEYS.map((k) => [k, p[k] ?? null])) as TPerson);
}

const objectOrNull = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export async function cardDetail(db: TDb, accountId: number, slug: string, includeUserData: boolean): Promise<TCardDetail> {
  const row = await rowBySlug(db, accountId, slug);
  if (!row) throw notFound("Card");
  const [[item], interactions, profile, userData] = await Promise.all([
    cardItems(db, accountId, [row], { fields: CARD_LIST_FIELDS, userData: false }),
    cardInteractions(db, row.id, DETAIL_INTERACTIONS + 1, 0),
    networkAProfile(db, row.network_a_profile_id),
    includeUserData ? userDataFor(db, accountId, [row.id]) : undefined,
  ]);
  const detail: TCardDetail = {
    ...(item as TCardItem),
    people: people(row.people),
    more: objectOrNull(row.more),
    employment_data: objectOrNull(row.employment_data),
    interactions: interactions.slice(0, DETAIL_INTERACTIONS),
    has_more_interactions: interactions.length > DETAIL_INTERACTIONS,
  };
  if (profile) {
    detail.network_a_profile = profile;
    detail.network_a_data = networkAData(profile);
  }
  if (userData) detail.user_data = userData.get(row.id);
  return detail;
}
