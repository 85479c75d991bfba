import { z } from "zod";
import { ZPagination } from "~/server/api/envelope";

/** The participant page's interactions (tRPC only): one page, with the total. */
export const ZParticipantInteractionsRequest = z
  .object({
    slug: z.string().min(1).max(200),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

const ZRef = z.object({ slug: z.string(), name: z.string() });
const ZParticipantRef = ZRef.extend({ type_name: z.string() });
/** Where a signal was seen (the spec's source types). */
export const ZSignalSource = z.object({ slug: z.string(), name: z.string(), group: z.string() });

export const ZParticipantInteractionsResponse = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      card: ZRef,
      source_type: ZSignalSource.nullable(),
      participant: ZParticipantRef,
      associated_participant: ZParticipantRef.nullable(),
    }),
  ),
  pagination: ZPagination,
});
export type TParticipantInteractionsResponse = z.infer<typeof ZParticipantInteractionsResponse>;
