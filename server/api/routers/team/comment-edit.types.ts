import { z } from "zod";
import { zCommentText, zId } from "./comment-ids.types";

/** team.comments.edit: new text for one's own comment. The answer is ZWrittenComment (comment-add.types.ts). */
export const ZEditCommentRequest = z.object({ id: zId(), text: zCommentText() }).strict();
