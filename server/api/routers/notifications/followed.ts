import { followedFilterIds } from "~/server/domain/notifications/follow";
import { protectedProcedure } from "~/server/api/trpc";
import { ZFollowedFilters } from "./followed.types";

/** The saved filters the caller follows ("Alert me" on) and can still use. */
export const followedFiltersRoute = protectedProcedure
  .output(ZFollowedFilters)
  .query(async ({ ctx }) => ({ ids: await followedFilterIds(ctx.db, ctx.account.id) }));
