import { z } from "zod";
import { ZApplication, ZConnection, zIds, ZQuota, zRequiredBool, zSource, ZSourceIdPath } from "./radar.types";

/** Bodies and answers of tracking, retry and removal (applications and connections alike). */

export const ZTrackingRequest = z.object({ ...ZSourceIdPath, is_tracking: zRequiredBool() }).strict();
export const ZIdRequest = z.object(ZSourceIdPath).strict();
export const ZBulkTrackingRequest = z.object({ source: zSource(), ids: zIds(), is_tracking: zRequiredBool() }).strict();
export const ZBulkIdsRequest = z.object({ source: zSource(), ids: zIds() }).strict();

export const ZApplicationWithQuota = z.object({ data: ZApplication, quota: ZQuota });
export const ZApplicationResponse = z.object({ data: ZApplication });
export const ZConnectionWithQuota = z.object({ data: ZConnection, quota: ZQuota });
export const ZDeletedResponse = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }), quota: ZQuota });
export const ZBulkUpdatedResponse = z.object({ data: z.object({ updated: z.number().int() }), quota: ZQuota });
export const ZBulkDeletedResponse = z.object({ data: z.object({ deleted: z.number().int() }), quota: ZQuota });
