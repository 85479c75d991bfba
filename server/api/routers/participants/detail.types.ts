import { z } from "zod";
import { zBool } from "~/server/lib/params";
import { ZParticipantDetail } from "./participant.types";

export const ZParticipantDetailRequest = z
  .object({
    slug: z.string(),
    include_user_data: zBool(),
  })
  .strict();

export const ZParticipantDetailResponse = z.object({
  data: ZParticipantDetail,
  meta: z.object({ include_user_data: z.boolean() }),
});

export type TParticipantDetailResponse = z.infer<typeof ZParticipantDetailResponse>;
