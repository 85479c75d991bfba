import { z } from "zod";
import { zBool } from "~/server/lib/params";

/** Reference data endpoints take no parameters (but `include_counts` on saved filters); their shapes are docs/api.md's. */
export const ZNoParams = z.object({}).strict();

const ZSlugName = z.object({ slug: z.string(), name: z.string() });
const ZTotal = z.object({ total: z.number().int() });

export const ZSlugNameListResponse = z.object({ data: z.array(ZSlugName), meta: ZTotal });

export const ZCategoriesResponse = z.object({
  data: z.array(ZSlugName.extend({ children: z.array(ZSlugName) })),
  meta: ZTotal,
});

export const ZLocationsResponse = z.object({
  data: z.array(
    ZSlugName.extend({
      scope: z.enum(["us", "world"]),
      children: z.array(
        ZSlugName.extend({
          type: z.string(),
          parent: z.string().nullable(),
          city: z.string().nullable(),
          state: z.string().nullable(),
          country: z.string().nullable(),
        }),
      ),
    }),
  ),
  meta: z.object({ total: z.number().int(), us_regions_total: z.number().int(), world_regions_total: z.number().int() }),
});

export const ZSourceTypesResponse = z.object({ data: z.array(ZSlugName.extend({ group: z.string() })), meta: ZTotal });

const ZVisibility = z
  .enum(["private", "team"])
  .describe(
    "`private`: yours only; `team`: shared with every member of your team (renamed, re-shared and deleted by its creator and the team's admins)",
  );
const ZOwner = z.object({ id: z.number().int(), email: z.string() }).describe("the account that created it");

const ZFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  cards_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  visibility: ZVisibility,
  owner: ZOwner,
});
export const ZFoldersResponse = z.object({ data: z.array(ZFolder), meta: ZTotal });

/** GET /v1/cards/filters/: `include_counts` adds each filter's counts (two card counts per filter). */
export const ZSavedFiltersRequest = z
  .object({
    include_counts: zBool().describe(
      "Add to each filter `last_seen_at`, `matching` (cards matching it now) and `new_since_seen` (those created since you last marked it seen, or since it was saved). Default false.",
    ),
  })
  .strict();

const ZSavedFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  params: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  visibility: ZVisibility,
  owner: ZOwner,
  last_seen_at: z.string().nullable().optional().describe("with include_counts: when you last marked it seen (null: never)"),
  matching: z.number().int().optional().describe("with include_counts: the cards matching the filter now"),
  new_since_seen: z
    .number()
    .int()
    .optional()
    .describe("with include_counts: the matching cards created since the filter was last marked seen (or saved)"),
});
export const ZFiltersResponse = z.object({ data: z.array(ZSavedFilter), meta: ZTotal });
