import { z } from "zod";

/** The cards linked to a founder profile (tRPC only; the profile page's "linked card"). */
export const ZProfileCardsRequest = z.object({ id: z.string().max(20) }).strict();

export const ZProfileCardsResponse = z.object({ data: z.array(z.object({ slug: z.string(), name: z.string() })) });
export type TProfileCardsResponse = z.infer<typeof ZProfileCardsResponse>;
