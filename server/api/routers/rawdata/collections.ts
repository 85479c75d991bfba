import { onReplica } from "../../../db/replicas";
import { listCollectionsFor } from "../../../domain/rawdata/collections";
import { parsePage } from "../../../domain/rawdata/query";
import { restMeta } from "../../contract";
import { rawDataProcedure } from "../../trpc";
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
