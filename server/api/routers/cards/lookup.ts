import { onReplica } from "~/server/db/replicas";
import { lookupCards } from "~/server/domain/cards/lookup";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { cardLookupContract } from "./lookup.contract";
import type { TCardLookupResponse } from "./lookup.types";

export const cardLookupRoute = protectedProcedure
  .meta(restMeta(cardLookupContract))
  .input(cardLookupContract.input)
  .output(cardLookupContract.output)
  .mutation(async ({ ctx, input }): Promise<TCardLookupResponse> => {
    const data = await onReplica(ctx.db, (db) => lookupCards(db, ctx.account.id, input.identifiers));
    const count = (status: string) => data.filter((r) => r.status === status).length;
    return { data, meta: { total: data.length, matched: count("matched"), ambiguous: count("ambiguous"), not_found: count("not_found") } };
  });
