import { z } from "zod";

/** The ids of the caller's followed saved filters. */
export const ZFollowedFilters = z.object({ ids: z.array(z.number().int()) });
