import { z } from "zod";
import { CHANGE_TYPES } from "~/server/domain/changes/types";
import { zLimit, zList, zText } from "~/server/lib/params";
import { ZCardListItem } from "../cards/card.types";

export const CHANGES_LIMIT = { default: 100, max: 1000 } as const;

export const ZChangesRequest = z
  .object({
    types: zList({ maxItems: CHANGE_TYPES.length, maxLength: 40 })
      .refine(
        (v) => v === undefined || v.every((t) => (CHANGE_TYPES as readonly string[]).includes(t)),
        `items must be one of: ${CHANGE_TYPES.join(", ")}`,
      )
      .describe(`Comma-separated kinds of rows to follow (default: every kind the token may read): ${CHANGE_TYPES.join(", ")}`),
    cursor: zText(100).describe(
      "`next_cursor` of the previous page; without it the feed starts at the beginning (every live row, then later changes)",
    ),
    limit: zLimit(CHANGES_LIMIT.max, CHANGES_LIMIT.default).describe(
      `Changes per page (default ${CHANGES_LIMIT.default}, at most ${CHANGES_LIMIT.max})`,
    ),
  })
  .strict();

const ZRef = z.object({ id: z.number().int(), slug: z.string() });

const ZParticipantData = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .passthrough()
  .describe("The participant as GET /v1/participants/ lists it, with its id");

const ZInteractionData = z.object({
  id: z.number().int(),
  created_at: z.string(),
  card: ZRef,
  participant: ZRef,
  associated_participant: ZRef.nullable(),
  source_type: z.string().nullable().describe("The source type's slug"),
});

/** A change of one row: its type, its id, and the row itself on an upsert or when it went on a delete. */
const change = <T extends (typeof CHANGE_TYPES)[number], D extends z.ZodType>(type: T, data: D) =>
  z.object({
    type: z.literal(type),
    id: z.number().int().describe("The row's id: the key to apply the change to"),
    change: z.enum(["upsert", "delete"]).describe("upsert: the row as it is now (create or replace); delete: the row is gone"),
    data: data.optional().describe("On an upsert: the row as it is now"),
    deleted_at: z.string().optional().describe("On a delete: when the row was deleted"),
  });

const ZChange = z.discriminatedUnion("type", [
  change("card", ZCardListItem.describe("The card as GET /v1/cards/ lists it")),
  change("participant", ZParticipantData),
  change("interaction", ZInteractionData),
]);

export const ZChangesResponse = z.object({
  data: z.array(ZChange),
  next_cursor: z.string().describe("Where the next request continues (also when this page is empty: ask again later)"),
  has_more: z.boolean().describe("Whether more changes are ready now"),
  meta: z.object({
    types: z.array(z.enum(CHANGE_TYPES)),
    retention_days: z.number().int().describe("How long deletions are kept: a cursor older than that answers 410 cursor_expired"),
  }),
});
export type TChangesResponse = z.infer<typeof ZChangesResponse>;
