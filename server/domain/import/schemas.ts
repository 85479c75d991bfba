import { z } from "zod";
import type { TKind } from "./types";
import {
  distinct,
  zBool,
  zJsonObject,
  zList,
  zName,
  zNullDate,
  zNullJsonObject,
  zNullSlug,
  zNullString,
  zNullTimestamp,
  zSlug,
  zTimestamp,
} from "./values";

/**
 * One zod schema per line kind (DESIGN.md §10). The parsed output is the normalised record that
 * is spooled and later written: absent optional keys become null / [] / false, because a line is
 * the whole record (importing it again gives the same row).
 */

const MAX_INT = 2_147_483_647;
const zId = z.number().int().positive().max(MAX_INT);

const zPosition = z.number().int().nullish().transform((v) => v ?? 0);

const zRanked = z.object({ slug: zSlug, name: zName, position: zPosition });

const zCategory = z.object({ slug: zSlug, name: zName, parent: zNullSlug });

const zLocation = z.object({
  slug: zSlug,
  name: zName,
  type: z.enum(["region", "country", "state", "city"]),
  parent: zNullSlug,
  scope: z.enum(["us", "world"]).nullish().transform((v) => v ?? null),
  city: zNullString,
  state: zNullString,
  country: zNullString,
  region: zNullString,
});

const zSourceType = z.object({ slug: zSlug, name: zName, group: zName });

const zParticipantType = z.object({ slug: zSlug, name: zName });

const zSource = z.object({ slug: z.string().min(1), type: z.string().min(1), link: z.string() });

const zParticipant = z.object({
  slug: zSlug,
  name: zName,
  alt_name: zNullString,
  email: zNullString,
  image: zNullString,
  about: zNullString,
  type: zSlug,
  web3: zBool,
  web2: zBool,
  associated_with: zNullSlug,
  sources: zList(zSource).transform((list) => distinct(list, (s) => `${s.type}\u0000${s.slug}`)),
  monthly_signals: z.number().int().min(0).nullish().transform((v) => v ?? null),
  created_at: zNullTimestamp,
  updated_at: zNullTimestamp,
});

const zSocialLink = z.object({ key: z.string(), name: z.string(), url: z.string() });

const zCard = z.object({
  slug: zSlug,
  name: zName,
  description: zNullString,
  image: zNullString,
  url: zNullString,
  stage: zNullSlug,
  round: zNullSlug,
  categories: zList(zSlug).transform((list) => distinct(list)),
  location: zNullSlug,
  social_links: zList(zSocialLink),
  trending: zBool,
  featured: zBool,
  open_to_intro: zBool,
  web3: zBool,
  web2: zBool,
  last_round: zNullDate,
  people: zList(zJsonObject),
  network_a_profile: zId.nullish().transform((v) => v ?? null),
  more: zNullJsonObject,
  employment_data: zNullJsonObject,
  created_at: zNullTimestamp,
  updated_at: zNullTimestamp,
});

const zInteraction = z.object({
  id: zId.nullish().transform((v) => v ?? null),
  card: zSlug,
  participant: zSlug,
  associated_participant: zNullSlug,
  source_type: zNullSlug,
  created_at: zTimestamp,
});

const zNullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullish().transform((v) => v ?? null);

const CLASSIFICATIONS = ["strong_potential_founder", "potential_founder", "noise"] as const;
const PATHS = ["declared_founder", "imminent_founder"] as const;

const zProfile = z.object({
  id: zId,
  name: zName,
  headline: zNullString,
  summary: zNullString,
  location: zNullString,
  network_a: z
    .object({ url: zNullString, image_url: zNullString, urn: zNullString })
    .nullish()
    .transform((v) => v ?? { url: null, image_url: null, urn: null }),
  classification: zNullableEnum(CLASSIFICATIONS),
  path: zNullableEnum(PATHS),
  status: zNullString,
  out_of_stealth_date: zNullTimestamp,
  education: zList(z.looseObject({ school: zNullString, degree: zNullString })),
  experience: zList(
    z.looseObject({
      title: zNullString,
      company: zNullString,
      startDate: zNullDate,
      endDate: zNullDate,
      location: zNullString,
      description: zNullString,
    }),
  ),
  notable_achievements: zNullString,
  new_company: z
    .object({ name: zNullString, description: zNullString, website: zNullString, logo: zNullString, network_a_url: zNullString })
    .nullish()
    .transform((v) => v ?? null),
  tags: zList(z.string()),
  created_at: zNullTimestamp,
  updated_at: zNullTimestamp,
});

const zCriteria = z
  .strictObject({
    classification: z.array(z.enum(CLASSIFICATIONS)).optional(),
    path: z.array(z.enum(PATHS)).optional(),
    tags: z.array(z.string()).optional(),
    countries: z
      .array(z.string())
      .optional()
      .transform((v) => v?.map((c) => c.trim().toLowerCase())),
    search: z.string().optional(),
  })
  .nullish()
  .transform((v) => Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== undefined)));

const zCollection = z.object({
  slug: zSlug,
  name: zName,
  description: zNullString.transform((v) => v ?? ""),
  visibility: z.enum(["shared", "private"]).nullish().transform((v) => v ?? "shared"),
  active: z.boolean().nullish().transform((v) => v ?? true),
  criteria: zCriteria,
  created_at: zNullTimestamp,
  updated_at: zNullTimestamp,
});

const zNetworkBProfile = z.object({
  user_id: z.union([z.string().regex(/^\d+$/, "must be a numeric string"), z.number().int().nonnegative()]).transform(String),
  username: z.string().trim().min(1, "must not be empty"),
  name: zNullString,
  bio: zNullString,
  location: zNullString,
  url: zNullString,
  followers: z.number().int().min(0).nullish().transform((v) => v ?? 0),
  recent_posts: zList(z.unknown()),
  followed_accounts: zList(z.unknown()),
  updated_at: zNullTimestamp,
});

export const LINE_SCHEMAS = {
  stage: zRanked,
  round: zRanked,
  category: zCategory,
  location: zLocation,
  source_type: zSourceType,
  participant_type: zParticipantType,
  participant: zParticipant,
  card: zCard,
  interaction: zInteraction,
  profile: zProfile,
  collection: zCollection,
  network_b_profile: zNetworkBProfile,
} satisfies Record<TKind, z.ZodType>;

export type TRecord<K extends TKind> = z.output<(typeof LINE_SCHEMAS)[K]>;
export type TRankedRecord = TRecord<"stage">;
export type TCardRecord = TRecord<"card">;
export type TParticipantRecord = TRecord<"participant">;
export type TInteractionRecord = TRecord<"interaction">;
export type TProfileRecord = TRecord<"profile">;

/** The key a record is upserted by (and referred to by), or null (id-less interactions). */
export function recordKey(kind: TKind, rec: Record<string, unknown>): string | null {
  switch (kind) {
    case "profile":
      return String(rec.id);
    case "network_b_profile":
      return String(rec.user_id);
    case "interaction":
      return rec.id == null ? null : String(rec.id);
    default:
      return String(rec.slug);
  }
}
