import { z } from "zod";
import { zCleanString } from "./text";

export const ZSavedParticipantRequest = z.object({ slug: zCleanString(200) }).strict();

export const ZSavedParticipantResponse = z.object({
  data: z.object({ slug: z.string(), is_saved: z.boolean() }),
});

export type TSavedParticipantResponse = z.infer<typeof ZSavedParticipantResponse>;
