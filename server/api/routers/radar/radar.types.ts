import { z } from "zod";
import { zJsonValue, zSourceValue } from "~/server/domain/radar/identifiers";
import { CHANGE_TYPES, INIT_STATUSES, SOURCES } from "~/server/domain/radar/types";
import { zPathId } from "~/server/lib/params";

/**
 * Schemas shared by the radar procedures: path parameters, body helpers (never coerced by the
 * REST adapter: preprocess pipes), and the payloads of quota, applications, connections, updates.
 */

/** `{source}` in a path, or `source` in a body: network_a or network_b (400 otherwise). */
export const zSource = zSourceValue;

export const ZSourcePath = { source: zSource() };
export const ZSourceIdPath = { source: zSource(), id: zPathId() };

const MAX_ID = 2_147_483_647;

/** A list of ids in a bulk body: integers, 1 to 1000 of them. */
export const zIds = () =>
  zJsonValue(
    "an array of ids",
    z
      .array(
        z
          .number({ error: "items must be integer ids" })
          .int("items must be integer ids")
          .min(1, "items must be positive ids")
          .max(MAX_ID, "items must be ids"),
        {
          error: (iss) => (iss.input === undefined ? "is required" : "must be an array of ids"),
        },
      )
      .min(1, "must not be empty")
      .max(1000, "must have at most 1000 ids"),
  );

/** A required JSON boolean in a body. */
export const zRequiredBool = () =>
  zJsonValue(
    "a boolean (true or false)",
    z.boolean({ error: (iss) => (iss.input === undefined ? "is required" : "must be a boolean (true or false)") }),
  );

const ZSourceQuota = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() });
export const ZQuota = z.object({ network_a: ZSourceQuota, network_b: ZSourceQuota });

const ZRadarError = z.object({ code: z.string(), message: z.string(), attempts: z.number().int(), failed_at: z.string() });

export const ZApplication = z.object({
  id: z.number().int(),
  source: z.enum(SOURCES),
  username: z.string().nullable(),
  network_a_url: z.string().nullable().optional().describe("network_a applications only"),
  network_b_url: z.string().nullable().optional().describe("network_b applications only"),
  network_b_user_id: z.string().nullable().optional().describe("network_b applications only"),
  is_tracking: z.boolean(),
  init_status: z.enum(INIT_STATUSES),
  radar_error: ZRadarError.nullable().describe("set when init_status is failed"),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ZConnection = z.object({
  id: z.number().int().describe("the id of the application it was processed from"),
  source: z.enum(SOURCES),
  external_id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  url: z.string().nullable(),
  is_tracking: z.boolean(),
  last_refreshed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const nullText = z.string().nullable();

const ZPosition = z.object({
  title: nullText,
  company: nullText,
  start_date: nullText,
  end_date: nullText,
  location: nullText,
  description: nullText,
});

const ZConnectionDetail = z.union([
  ZConnection.extend({
    source: z.literal("network_a"),
    profile: z.object({ headline: nullText, summary: nullText, location: nullText, url: nullText, image_url: nullText, urn: nullText }),
    career: z.object({ current: ZPosition.nullable(), history: z.array(ZPosition) }),
    education: z.array(z.object({ school: nullText, degree: nullText })),
    skills: z.array(z.string()),
  }),
  ZConnection.extend({
    source: z.literal("network_b"),
    profile: z.object({ bio: nullText, location: nullText, url: nullText, followers: z.number() }),
    activity: z.object({ recent_posts: z.array(z.unknown()), followed_accounts: z.array(z.unknown()) }),
  }),
]);

export const ZConnectionDetailResponse = z.object({ data: ZConnectionDetail });

export const ZAlreadyTracked = z.object({ connection: ZConnection, already_tracked: z.literal(true) });

const ZChangeItem = z.union([
  z.object({ change_type: z.literal("career_change"), previous: ZPosition.nullable(), current: ZPosition.nullable() }),
  z.object({ change_type: z.literal("headline_change"), previous_headline: nullText, current_headline: nullText }),
  z.object({ change_type: z.literal("bio_change"), previous_bio: nullText, current_bio: nullText }),
]);

const ZUpdateBody = z.union([
  z.object({ variant: z.literal("career_change"), previous: ZPosition.nullable(), current: ZPosition.nullable() }),
  z.object({ variant: z.literal("network_b_bio_change"), previous_bio: nullText, current_bio: nullText }),
  z.object({ variant: z.literal("combined"), changes: z.array(ZChangeItem) }),
]);

export const ZUpdate = z.object({
  id: z.number().int(),
  description: z.string(),
  change_type: z.enum(CHANGE_TYPES).nullable(),
  body: ZUpdateBody,
  detected_at: z.string(),
  connection: z.object({
    id: z.number().int(),
    source: z.enum(SOURCES),
    username: nullText,
    name: nullText,
    profile_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe("network_a: the raw (founder) profile of this connection, when the dataset holds it"),
    card_slug: z.string().nullable().optional().describe("network_a: a card of this person, when there is one"),
  }),
});
