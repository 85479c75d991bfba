import { z } from "zod";

/** The spec's Participant (list item): `is_saved` only with include_user_data, `similarity` only with semantic. */
export const ZParticipant = z.object({
  slug: z.string(),
  name: z.string(),
  alt_name: z.string().nullable(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  about: z.string().nullable(),
  type: z.string().describe("participant type slug"),
  web3: z.boolean(),
  web2: z.boolean(),
  monthly_signals: z.number().int(),
  associated_with: z.object({ slug: z.string(), name: z.string() }).nullable().describe("parent organisation"),
  self_associated: z.boolean().describe("true when the participant has no parent organisation other than itself"),
  is_saved: z.boolean().optional().describe("only with include_user_data=true"),
  similarity: z.number().optional().describe("only with semantic search"),
});

/** Detail adds the participant's sources. */
export const ZParticipantDetail = ZParticipant.extend({
  sources: z.array(z.object({ slug: z.string(), type: z.string(), link: z.string() })),
});
