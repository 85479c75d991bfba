import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { requiredScopeError } from "~/server/auth/oauth/challenges";
import { readChanges } from "~/server/domain/changes/feed";
import { CHANGE_TYPES, type TChangeType } from "~/server/domain/changes/types";
import { env } from "~/server/env";
import { listChangesContract } from "./list.contract";
import type { TChangesResponse } from "./list.types";

/** The feed reads the primary: a replica's snapshot may trail what a client has already read there. */
export const listChangesRoute = protectedProcedure
  .meta(restMeta(listChangesContract))
  .input(listChangesContract.input)
  .output(listChangesContract.output)
  .query(async ({ ctx, input }): Promise<TChangesResponse> => {
    // Participants need participants:read as well on an OAuth token: without `types`, the feed
    // follows what the token may read; naming participants without the scope is a 403.
    const readsParticipants = ctx.caller.kind !== "oauth" || ctx.caller.grant.scopes.includes("participants:read");
    const asked = input.types?.length ? CHANGE_TYPES.filter((t) => input.types!.includes(t)) : undefined;
    if (asked?.includes("participant") && !readsParticipants) throw requiredScopeError("participants:read");
    const types: TChangeType[] = asked ?? CHANGE_TYPES.filter((t) => t !== "participant" || readsParticipants);
    const page = await readChanges(ctx.db, ctx.account.id, { types, cursor: input.cursor, limit: input.limit });
    return {
      data: page.changes as TChangesResponse["data"],
      next_cursor: page.nextCursor,
      has_more: page.hasMore,
      meta: { types, retention_days: env().CHANGES_RETENTION_DAYS },
    };
  });
