import { z } from "zod";
import { zId } from "./comment-ids.types";

/** team.comments.delete: one comment of the caller's team. */
export const ZDeleteCommentRequest = z.object({ id: zId() }).strict();
export const ZDeletedComment = z.object({ id: z.number().int(), deleted: z.literal(true) });
