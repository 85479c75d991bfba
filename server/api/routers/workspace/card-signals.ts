import { onReplica } from "~/server/db/replicas";
import { listCardSignals } from "~/server/domain/cards/interactions";
import { pagination } from "~/server/api/envelope";
import { protectedProcedure } from "~/server/api/trpc";
import { ZCardSignalsRequest, ZCardSignalsResponse, type TCardSignalsResponse } from "./card-signals.types";

/** A card's signals, newest first: who (with type), for which fund, seen where (source type). */
export const cardSignalsRoute = protectedProcedure
  .input(ZCardSignalsRequest)
  .output(ZCardSignalsResponse)
  .query(async ({ ctx, input }): Promise<TCardSignalsResponse> => {
    const r = await onReplica(ctx.db, (db) => listCardSignals(db, input.slug, input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched) };
  });
