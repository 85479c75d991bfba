import { z } from "zod";
import type { TFeedQuery } from "~/server/domain/radar/updates";
import { CHANGE_TYPES, SOURCES, type TChangeType } from "~/server/domain/radar/types";
import { listEnvelope } from "~/server/api/envelope";
import { zBool, zChoice, zDate, zInt, zLimit, zList, zOffset } from "~/server/lib/params";
import { ZUpdate } from "./radar.types";

export const ZUpdatesMetaRequest = z.object({}).strict();
export const ZUpdatesMetaResponse = z.object({
  data: z.object({ sources: z.array(z.enum(SOURCES)), change_types: z.array(z.enum(CHANGE_TYPES)) }),
});

const KNOWN = new Set<string>(CHANGE_TYPES);

export const ZUpdatesRequest = z
  .object({
    connection_id: zInt({ min: 1, max: 2_147_483_647 }),
    source: zChoice(SOURCES),
    is_tracking: zBool(),
    change_type: zChoice(CHANGE_TYPES),
    change_types: zList({ maxItems: 10, maxLength: 50 }).refine((v) => !v || v.every((t) => KNOWN.has(t)), {
      message: `items must be among: ${CHANGE_TYPES.join(", ")}`,
    }),
    detected_after: zDate().describe("updates detected on or after this day (YYYY-MM-DD, UTC)"),
    detected_before: zDate().describe("updates detected on or before this day (YYYY-MM-DD, UTC)"),
    limit: zLimit(100, 50),
    offset: zOffset(),
    include_total: zBool(),
  })
  .strict();

export const ZUpdatesResponse = listEnvelope(ZUpdate, z.object({ sort: z.literal("detected_at:desc") }));

export type TUpdatesResponse = z.infer<typeof ZUpdatesResponse>;

/** change_type and change_types together mean any of them. */
export function toFeedQuery(input: z.infer<typeof ZUpdatesRequest>): TFeedQuery {
  const types = [...new Set([...(input.change_type ? [input.change_type] : []), ...((input.change_types ?? []) as TChangeType[])])];
  return {
    limit: input.limit,
    offset: input.offset,
    includeTotal: input.include_total ?? true,
    source: input.source,
    connectionId: input.connection_id,
    isTracking: input.is_tracking,
    changeTypes: types.length ? types : undefined,
    detectedAfter: input.detected_after,
    detectedBefore: input.detected_before,
  };
}
