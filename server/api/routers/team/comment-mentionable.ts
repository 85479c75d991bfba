import { mentionableTeammates } from "~/server/domain/teams/comments";
import { protectedProcedure } from "~/server/api/trpc";
import { ZMentionable } from "./comment-mentionable.types";

/**
 * The comment box's @ autocomplete: the caller's teammates (their team only, never the caller),
 * each with the handle the server reads as a mention of them and no one else.
 */
export const mentionableRoute = protectedProcedure.output(ZMentionable).query(({ ctx }) => mentionableTeammates(ctx.db, ctx.account.id));
