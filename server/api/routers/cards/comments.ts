import { listComments } from "~/server/domain/teams/comments";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TCardCommentsResponse } from "./comments.types";
import { listCardCommentsContract } from "./comments.contract";

/** GET /v1/cards/{slug}/comments/: the caller's team's thread on the card (membership read per request). */
export const cardCommentsRoute = protectedProcedure
  .meta(restMeta(listCardCommentsContract))
  .input(listCardCommentsContract.input)
  .output(listCardCommentsContract.output)
  .query(async ({ ctx, input }): Promise<TCardCommentsResponse> => {
    const r = await listComments(ctx.db, ctx.account.id, input.slug, { limit: input.limit, offset: input.offset });
    const page = pagination(input.limit, input.offset, r.total, r.data.length);
    return { data: r.data, pagination: input.include_total === false ? { ...page, total: null } : page };
  });
