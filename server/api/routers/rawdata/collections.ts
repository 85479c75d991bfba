import { onReplica } from "~/server/db/replicas";
import { listCollectionsFor } from "~/server/domain/rawdata/collections";
import { parsePage } from "~/server/domain/rawdata/query";
import { restMeta } from "~/server/api/contract";
import { rawDataProcedure } from "~/server/api/trpc";
import type { TListCollectionsResponse } from "./collections.types";
import { listCollectionsContract } from "./collections.contract";

export const listCollectionsRoute = rawDataProcedure
  .meta(restMeta(listCollectionsContract))
  .input(listCollectionsContract.input)
  .output(listCollectionsContract.output)
  .query(async ({ ctx, input }): Promise<TListCollectionsResponse> => {
    const page = parsePage(input);
    const { items, total, fetched } = await onReplica(ctx.db, (db) => listCollectionsFor(db, ctx.account.id, page));
    return {
      data: items,
      pagination: { limit: page.limit, offset: page.offset, total, has_next: fetched > page.limit },
    };
  });
