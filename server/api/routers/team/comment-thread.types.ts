import { z } from "zod";
import { ZComment } from "~/server/api/routers/cards/comments.types";
import { zId } from "./comment-ids.types";

/** Where the next page starts: the last comment of the page before (its id and created_at). */
const ZThreadCursor = z.object({ id: zId(), at: z.iso.datetime() }).strict();

/**
 * team.comments.thread: a page of the thread on a card, newest first; `cursor` null (or left out)
 * for the newest. `direction` is what an infinite query of the tRPC client adds to every call
 * (always "forward" here: pages only go to older comments).
 */
export const ZCommentThreadRequest = z
  .object({
    cardId: zId(),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: ZThreadCursor.nullish(),
    direction: z.enum(["forward", "backward"]).optional(),
  })
  .strict();

export const ZCommentThread = z.object({
  data: z.array(ZComment),
  next: ZThreadCursor.nullable().describe("the cursor of the following (older) page; null when this page ends the thread"),
});
