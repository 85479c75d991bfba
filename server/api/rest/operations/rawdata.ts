import type { TOperationTable } from "../oas/types";

/**
 * Raw data (GET /v1/network_a/...): restricted. Its parameters are lenient (spec): invalid values
 * are ignored, so 400 comes only from collection slugs or NUL characters (refused by the REST edge).
 */

const LENIENT = `Parameters are lenient: an invalid value (or an unknown parameter) is ignored and named in
\`meta.ignored\`, never a 400.`;

export const RAWDATA_OPERATIONS: TOperationTable = {
  "GET /network_a/collections/": {
    operationId: "listCollections",
    tag: "Raw data",
    summary: "List collections",
    description: `Returns the active collections the account can read: the shared ones and the private ones assigned to
it. Use a \`slug\` as the \`collection\` parameter of GET /v1/network_a/profiles/. Paging: \`limit\` (default 50,
at most 200), \`offset\`, \`include_total\`. Restricted: needs raw-data access (or a collections-only account).`,
    returns: "A page of collections with pagination",
    errors: ["ValidationError", "RawDataPermissionDenied"],
    page: { default: 50, max: 200 },
  },
  "GET /network_a/profiles/": {
    operationId: "listFounderProfiles",
    tag: "Raw data",
    summary: "List founder profiles",
    description: `Returns one page of founder profiles with \`pagination\` and \`meta\` (the effective \`sort\`, the
\`filters\` applied and the \`ignored\` parameters). Restricted: needs raw-data access.

**Filters.** \`search\` (every word in name, headline or summary), \`classification\`, \`path\` and \`tags\`
(comma lists, any value matches), \`status\` (exact, case-insensitive), \`created_at\` (created on or after).

**Collections.** \`collection=<slug>[,<slug>]\` reads the members of collections (OR across them); the other
filters combine with it, \`status\` is ignored, and items omit \`status\`, \`out_of_stealth_date\` and
\`new_company\`. An unknown, inactive or unassigned slug is a 400 \`validation_error\`; a collections-only
account must give \`collection\`. To mirror a collection, read it whole (\`limit=200\`, following
\`offset\` while \`pagination.has_next\`) and upsert on \`network_a.url\`: \`created_at\` is when the profile
was first stored, not when it joined the collection.

**Paging.** \`limit\` (default 50, at most 200), \`offset\`, \`include_total\`; \`sort\` is a \`field:direction\`
list over created_at, updated_at and name (default \`created_at:desc\`).

${LENIENT}`,
    returns: "A page of founder profiles with pagination and meta",
    errors: ["ValidationError", "RawDataPermissionDenied"],
    page: { default: 50, max: 200 },
  },
  "GET /network_a/profiles/{id}/": {
    operationId: "getFounderProfile",
    tag: "Raw data",
    summary: "Get a founder profile",
    description: `Returns one founder profile. 404 \`not_found\` for an unknown (or non-numeric) id, and, for a
collections-only account, for a profile outside its collections (it then omits \`status\`,
\`out_of_stealth_date\` and \`new_company\`). Restricted: needs raw-data access.`,
    returns: "The founder profile",
    errors: ["ValidationError", "RawDataPermissionDenied", "NotFound"],
  },
};
