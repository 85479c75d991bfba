import { z } from "zod";
import { ZComment } from "~/server/api/routers/cards/comments.types";
import { zCommentText, zId } from "./comment-ids.types";

/** team.comments.add: a comment in the caller's team's thread on a card. */
export const ZAddCommentRequest = z.object({ cardId: zId(), text: zCommentText() }).strict();

/** The comment as stored and the ids of the teammates it mentions (each notified). */
export const ZWrittenComment = z.object({ comment: ZComment, mentioned: z.array(z.number().int()) });
