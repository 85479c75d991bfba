import { z } from "zod";

/** Where participants signal (tRPC only): the lists' and the participants picker's location column. */
export const ZParticipantPlacesRequest = z.object({ slugs: z.array(z.string().min(1).max(200)).max(100) }).strict();

export const ZParticipantPlacesResponse = z.object({
  data: z.array(
    z.object({
      slug: z.string(),
      country: z.string().nullable().describe("the country most of its latest signals' cards are in"),
      share: z.number().min(0).max(1).describe("the part of those signals on cards in that country"),
    }),
  ),
});
export type TParticipantPlacesResponse = z.infer<typeof ZParticipantPlacesResponse>;
