import { z } from "zod";

/** The spec's Network profile (raw data list item and detail). */
export const ZNetworkProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  headline: z.string().nullable(),
  summary: z.string().nullable(),
  location: z.string().nullable(),
  network_a: z.object({ url: z.string().nullable(), image_url: z.string().nullable(), urn: z.string().nullable() }),
  classification: z.string().nullable().describe("strong_potential_founder, potential_founder or noise"),
  path: z.string().nullable().describe("declared_founder or imminent_founder"),
  status: z.string().nullable().optional().describe("omitted when read through a collection or by a collections-only account"),
  out_of_stealth_date: z.string().nullable().optional().describe("ISO 8601 datetime; omitted like status"),
  education: z.array(z.record(z.string(), z.unknown())).describe("empty when unknown"),
  experience: z.array(z.record(z.string(), z.unknown())).describe("empty when unknown; dates YYYY-MM-DD"),
  notable_achievements: z.string().nullable(),
  new_company: z
    .object({
      name: z.string().nullable(),
      description: z.string().nullable(),
      website: z.string().nullable(),
      logo: z.string().nullable(),
      network_a_url: z.string().nullable(),
    })
    .nullable()
    .optional()
    .describe("null when there is no company data; omitted like status"),
  tags: z.array(z.string()).describe("companies, schools, accelerators"),
  created_at: z.string().describe("ISO 8601 UTC with microseconds: when the profile was first stored"),
  updated_at: z.string().describe("ISO 8601 UTC with microseconds"),
});

/** Loose like the list: other query parameters are ignored on the raw-data endpoints. */
export const ZGetProfileRequest = z.looseObject({ id: z.string().describe("profile id; anything but a known id is 404 not_found") });

export const ZGetProfileResponse = z.object({ data: ZNetworkProfile });
export type TGetProfileResponse = z.infer<typeof ZGetProfileResponse>;
