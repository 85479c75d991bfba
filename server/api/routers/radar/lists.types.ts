import { z } from "zod";
import type { TListQuery } from "~/server/domain/radar/lists";
import { INIT_STATUSES, LIST_SORTS } from "~/server/domain/radar/types";
import { listEnvelope } from "~/server/api/envelope";
import { zBool, zChoice, zLimit, zOffset, zText } from "~/server/lib/params";
import { ZApplication, ZConnection, ZSourcePath } from "./radar.types";

const common = {
  ...ZSourcePath,
  limit: zLimit(100, 50),
  offset: zOffset(),
  include_total: zBool(),
  q: zText(200),
  is_tracking: zBool(),
  sort: zChoice(LIST_SORTS),
  order: zChoice(["asc", "desc"]),
};

export const ZListApplicationsRequest = z.object({ ...common, init_status: zChoice(INIT_STATUSES) }).strict();
export const ZListConnectionsRequest = z.object(common).strict();

const ZListMeta = z.object({ source: z.string(), sort: z.enum(LIST_SORTS), order: z.enum(["asc", "desc"]) });
export const ZListApplicationsResponse = listEnvelope(ZApplication, ZListMeta);
export const ZListConnectionsResponse = listEnvelope(ZConnection, ZListMeta);

export type TListApplicationsResponse = z.infer<typeof ZListApplicationsResponse>;
export type TListConnectionsResponse = z.infer<typeof ZListConnectionsResponse>;

export function toListQuery(input: z.infer<typeof ZListConnectionsRequest> & { init_status?: TListQuery["initStatus"] }): TListQuery {
  return {
    limit: input.limit,
    offset: input.offset,
    includeTotal: input.include_total ?? true,
    q: input.q || undefined,
    isTracking: input.is_tracking,
    initStatus: input.init_status,
    sort: input.sort ?? "recent",
    order: input.order,
  };
}
