import { z } from "zod";
import { listEnvelope } from "~/server/api/envelope";
import { zRawParam } from "./lenient";
import { ZNetworkProfile } from "./profile.types";

/** Loose on purpose: unknown parameters are ignored (reported in meta.ignored), never a 400. */
export const ZListProfilesRequest = z.looseObject({
  limit: zRawParam("page size, max 200 (larger is clamped), default 50"),
  offset: zRawParam("default 0"),
  include_total: zRawParam("boolean, default true; false skips the count (pagination.total null)"),
  search: zRawParam("keyword search over name, headline and summary: every word must occur"),
  sort: zRawParam("field:direction list over created_at, updated_at, name; default (and fallback) created_at:desc"),
  classification: zRawParam("comma list: strong_potential_founder, potential_founder, noise"),
  path: zRawParam("comma list: declared_founder, imminent_founder"),
  status: zRawParam("exact match, case-insensitive; ignored when collection is given"),
  tags: zRawParam("comma list: profiles having any of the tags (exact match)"),
  collection: zRawParam("comma list of collection slugs (OR across collections)"),
  created_at: zRawParam("ISO 8601 date or datetime: profiles created on or after that moment"),
});

export const ZListProfilesResponse = listEnvelope(
  ZNetworkProfile,
  z.object({
    sort: z.string().describe("the effective sort"),
    filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe("the filters applied"),
    ignored: z.array(z.string()).describe("parameters whose value was ignored (invalid or unknown)"),
  }),
);
export type TListProfilesResponse = z.infer<typeof ZListProfilesResponse>;
