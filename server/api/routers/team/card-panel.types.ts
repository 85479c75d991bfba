import { z } from "zod";
import { zId } from "./comment-ids.types";

/** team.cardPanel: the card page's team panel for one card. */
export const ZCardPanelRequest = z.object({ cardId: zId() }).strict();

const ZPanelAccount = z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() });

export const ZCardPanel = z
  .object({
    team: z.object({ id: z.number().int(), name: z.string() }),
    role: z.enum(["owner", "admin", "member"]),
    me: z.number().int().describe("the caller's account id"),
    folders: z
      .array(z.object({ id: z.number().int(), name: z.string(), owner: ZPanelAccount }))
      .describe("the team's shared folders holding the card"),
    liked_by: z.array(ZPanelAccount).describe("the teammates (not the caller) who liked the card"),
  })
  .nullable()
  .describe("null when the caller is in no team");
