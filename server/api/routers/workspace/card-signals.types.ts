import { z } from "zod";
import { ZPagination } from "~/server/api/envelope";
import { zSlugPath } from "../cards/detail.types";
import { ZSignalSource } from "./participant-interactions.types";

/** The card page's interaction history (tRPC only): one page with where each signal was seen, and the total. */
export const ZCardSignalsRequest = z
  .object({
    slug: zSlugPath(),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

const ZSignalParticipant = z.object({ name: z.string(), slug: z.string(), type: z.string(), type_name: z.string() });

export const ZCardSignalsResponse = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      source_type: ZSignalSource.nullable(),
      participant: ZSignalParticipant,
      associated_participant: ZSignalParticipant.nullable(),
    }),
  ),
  pagination: ZPagination,
});
export type TCardSignalsResponse = z.infer<typeof ZCardSignalsResponse>;
