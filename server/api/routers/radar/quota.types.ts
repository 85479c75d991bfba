import { z } from "zod";
import { ZQuota } from "./radar.types";

export const ZQuotaRequest = z.object({}).strict();
export const ZQuotaResponse = z.object({ data: ZQuota });
export type TQuotaResponse = z.infer<typeof ZQuotaResponse>;
