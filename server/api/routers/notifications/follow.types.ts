import { z } from "zod";

/** "Alert me" on a saved filter: on or off. */
export const ZFollowRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), alert: z.boolean() }).strict();
export const ZFollowResponse = z.object({ id: z.number().int(), alert: z.boolean(), alert_since: z.string().nullable() });
