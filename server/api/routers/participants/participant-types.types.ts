import { z } from "zod";

export const ZParticipantTypesRequest = z.object({}).strict();

export const ZParticipantTypesResponse = z.object({
  data: z.array(z.object({ slug: z.string().describe("value for the type filter"), name: z.string() })),
  meta: z.object({ total: z.number().int() }),
});

export type TParticipantTypesResponse = z.infer<typeof ZParticipantTypesResponse>;
