import type { TOperationDoc } from "~/server/api/contract";
import type { TErrorResponseName } from "~/server/api/rest/oas/components";

/** Text shared by the radar contracts (/v1/radar/...): follow profiles on network_a and network_b, read their updates. */

export const QUOTA = "The answer carries `quota`: the tracking limits of both sources after the change.";
export const SOURCE = "`source` is network_a or network_b; an id of the other source is not found.";

export const radarDoc = (
  operationId: string,
  summary: string,
  description: string,
  returns: string,
  errors: TErrorResponseName[],
  page?: TOperationDoc["page"],
): TOperationDoc => ({
  operationId,
  tag: "Radar",
  summary,
  description,
  returns,
  errors: ["PermissionDenied", ...errors],
  ...(page ? { page } : {}),
});

export const listParams = (
  q: string,
) => `\`q\` searches ${q} (substring, case-insensitive); \`is_tracking\` filters; \`sort\` is recent (default), name,
company or tracked, with \`order\` asc or desc. Paging: \`limit\` (default 50, at most 100), \`offset\`,
\`include_total\`.`;

/** Parameter descriptions of the radar lists. */
export const RADAR_SORT = "`recent` (default), `name`, `company` or `tracked` (tracked first).";
export const UPDATES_SOURCE = "Updates of connections of this network only.";
