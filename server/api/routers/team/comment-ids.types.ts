import { z } from "zod";

/** Ids and text of the workspace's comment procedures (JSON from the UI; no REST export). */
export const zId = () => z.number().int().min(1).max(2_147_483_647);
/** Longer than a comment may be, so that the domain's own check answers with the limit's message. */
export const zCommentText = () => z.string().max(20_000);
