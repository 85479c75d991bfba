import { z } from "zod";
import { zBool } from "~/server/lib/params";
import { ZParticipant } from "./participant.types";
import { zCleanList } from "./text";

const MAX_BATCH_SLUGS = 100;

export const ZParticipantBatchRequest = z
  .object({
    slugs: zCleanList({ maxItems: MAX_BATCH_SLUGS, maxLength: 200 })
      .pipe(z.array(z.string()).min(1, "is required"))
      .describe(`comma-separated participant slugs, at most ${MAX_BATCH_SLUGS}`),
    include_user_data: zBool(),
  })
  .strict();

export const ZParticipantBatchResponse = z.object({
  data: z.array(ZParticipant).describe("known participants in the order of the given slugs; unknown slugs are absent"),
  meta: z.object({
    total: z.number().int().describe("participants returned"),
    not_found: z.array(z.string()).describe("given slugs that matched no participant"),
    include_user_data: z.boolean(),
  }),
});

export type TParticipantBatchResponse = z.infer<typeof ZParticipantBatchResponse>;
