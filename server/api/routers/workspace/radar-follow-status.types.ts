import { z } from "zod";
import { INIT_STATUSES, SOURCES } from "~/server/domain/radar/types";

/** Where some applications stand now (tRPC only: the radar page's follow results follow their lines). */
export const ZRadarFollowStatusRequest = z
  .object({ source: z.enum(SOURCES), ids: z.array(z.number().int().positive()).max(1000) })
  .strict();

const ZRadarError = z.object({ code: z.string(), message: z.string(), attempts: z.number(), failed_at: z.string() });

export const ZRadarFollowStatusResponse = z.object({
  data: z.array(
    z.discriminatedUnion("state", [
      z.object({ id: z.number(), state: z.enum(INIT_STATUSES), error: ZRadarError.nullable() }),
      z.object({ id: z.number(), state: z.literal("connected"), name: z.string().nullable(), username: z.string().nullable() }),
      z.object({ id: z.number(), state: z.literal("removed") }),
    ]),
  ),
});
export type TRadarFollowStatusResponse = z.infer<typeof ZRadarFollowStatusResponse>;
