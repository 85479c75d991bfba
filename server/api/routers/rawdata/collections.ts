import { onReplica } from "../../../db/replicas";
import { listCollectionsFor } from "../../../domain/rawdata/collections";
import { parsePage } from "../../../domain/rawdata/query";
import { rawDataProcedure } from "../../trpc";
import { ZListCollectionsRequest, ZListCollectionsResponse, type TListCollectionsResponse } from "./collections.types";

export const listCollectionsRoute = rawDataProcedure
  .meta({
    scope: "network_a:read",
    openapi: {
      method: "GET",
      path: "/network_a/collections/",
      tags: ["Raw data"],
      summary: "Active collections available to the account: shared ones and private ones assigned to it (restricted)",
    },
  })
  .input(ZListCollectionsRequest)
  .output(ZListCollectionsResponse)
  .query(async ({ ctx, input }): Promise<TListCollectionsResponse> => {
    const page = parsePage(input);
    const { items, total, fetched } = await onReplica(ctx.db, (db) => listCollectionsFor(db, ctx.account.id, page));
    return {
      data: items,
      pagination: { limit: page.limit, offset: page.offset, total, has_next: fetched > page.limit },
    };
  });
