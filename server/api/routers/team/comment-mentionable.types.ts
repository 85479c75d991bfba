import { z } from "zod";

/** team.comments.mentionable: the caller's teammates, each with the handle that mentions them alone. */
export const ZMentionable = z
  .array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string().nullable(),
      handle: z.string().describe("what follows the @ that mentions this teammate and no one else"),
    }),
  )
  .describe("empty when the caller is in no team; the caller is left out");
