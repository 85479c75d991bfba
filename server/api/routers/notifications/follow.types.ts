import { z } from "zod";

/** "Alert me" on a saved filter. */
export const ZFollowRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), alert: z.boolean() }).strict();
export const ZFollowResponse = z.object({ id: z.number().int(), alert: z.boolean(), alert_since: z.string().nullable() });
export const ZFollowedFilters = z.object({ ids: z.array(z.number().int()) });
