import { z } from "zod";
import { GROUP_BY, type TGroupBy } from "~/server/domain/cards/aggregate-groups";
import { cardFilterShape } from "~/server/domain/cards/filter-schema";
import { zQuery } from "~/server/lib/params";

/**
 * Parameters of GET /v1/cards/aggregate/: `group_by`, the number of groups, and the card filter
 * of the list (server/domain/cards/filter-schema.ts) with filter_id. What only shapes or orders a
 * page (sort, view, fields, offset) has no place here and is a 400.
 */

const MAX_INT = 2_147_483_647;
const { sort: _sort, view: _view, fields: _fields, ...filter } = cardFilterShape(zQuery);

export const ZCardAggregateRequest = z
  .object({
    group_by: zQuery
      .choice(GROUP_BY)
      .refine((v) => v !== undefined, "is required")
      .transform((v) => v as TGroupBy)
      .describe(`What to count the cards by: ${GROUP_BY.join(", ")}`),
    limit: zQuery.limit(1000, 100).describe("At most this many groups, the largest kept (months: the latest); default 100, at most 1000"),
    filter_id: zQuery.int({ min: 1, max: MAX_INT }),
    ...filter,
  })
  .strict();

const ZGroup = z.object({
  key: z
    .string()
    .nullable()
    .describe("The group's value as the card filters take it (a slug), `YYYY-MM` for months, null for the cards without one"),
  name: z.string().describe("The group's name as the workspace shows it"),
  count: z.number().int().describe("The number of matching cards in the group"),
});

export const ZCardAggregateResponse = z.object({
  data: z.array(ZGroup),
  meta: z.object({
    group_by: z.enum(GROUP_BY),
    total: z.number().int().describe("The number of cards matching the filters: the list's pagination.total"),
    groups: z.number().int().describe("The number of groups with at least one card, before `limit`"),
    overlapping: z
      .boolean()
      .describe("Whether a card can count in several groups (categories: a card is in each of its categories and their parents)"),
  }),
});
export type TCardAggregateResponse = z.infer<typeof ZCardAggregateResponse>;
