import { z } from "zod";
import { zBool } from "~/server/lib/params";
import { ZCardItem, ZInteraction } from "./card.types";

/** A slug path segment, URL-decoded (a malformed escape stays as it is and simply finds nothing). */
export const zSlugPath = () =>
  z
    .string()
    .max(500)
    .transform((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });

export const ZCardDetailRequest = z.object({ slug: zSlugPath(), include_user_data: zBool() }).strict();

const ZPerson = z.object({
  id: z.unknown(),
  name: z.unknown(),
  type: z.unknown(),
  image: z.unknown(),
  microblog_url: z.unknown(),
  network_a_url: z.unknown(),
  business_db_url: z.unknown(),
  reference_url: z.unknown(),
  code_host_url: z.unknown(),
  email: z.unknown(),
  bio: z.unknown(),
});

const zStr = z.string().nullable();

const ZNetworkAProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  headline: zStr,
  summary: zStr,
  location: zStr,
  network_a: z.object({ url: zStr, image_url: zStr, urn: zStr }),
  education: z.array(z.object({ school: zStr, degree: zStr })),
  experience: z.array(z.object({ title: zStr, company: zStr, startDate: zStr, endDate: zStr, location: zStr, description: zStr })),
  notable_achievements: zStr,
  new_company: z.record(z.string(), zStr).nullable(),
  tags: z.array(z.string()),
});

const ZCardDetail = ZCardItem.extend({
  people: z.array(ZPerson),
  network_a_profile: ZNetworkAProfile.optional(),
  network_a_data: z
    .object({
      tags: z.array(z.object({ name: z.string(), type: z.enum(["school", "accelerator", "job"]) })),
      education: z.array(z.string()),
      experience: z.array(z.string()),
    })
    .optional()
    .describe("Deprecated (temporary): use network_a_profile."),
  more: z.record(z.string(), z.unknown()).nullable(),
  employment_data: z.record(z.string(), z.unknown()).nullable(),
  interactions: z.array(ZInteraction),
  has_more_interactions: z.boolean(),
});

export const ZCardDetailResponse = z.object({
  data: ZCardDetail,
  meta: z.object({ include_user_data: z.boolean() }),
});
export type TCardDetailResponse = z.infer<typeof ZCardDetailResponse>;
