import { followedFilterIds } from "~/server/domain/notifications/follow";
import { protectedProcedure } from "~/server/api/trpc";
import { ZFollowedFilters } from "./followed.types";

/** The caller's followed saved filters ("Alert me" on). */
export const followedFiltersRoute = protectedProcedure
  .output(ZFollowedFilters)
  .query(async ({ ctx }) => ({ ids: await followedFilterIds(ctx.db, ctx.account.id) }));
