import type { TErrorResponseName } from "../oas/components";
import type { TOperationDoc, TOperationTable } from "../oas/types";

/** Radar (/v1/radar/...): follow profiles on network_a and network_b, read their updates. */

const QUOTA = "The answer carries `quota`: the tracking limits of both sources after the change.";
const SOURCE = "`source` is network_a or network_b; an id of the other source is not found.";

const op = (
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

const listParams = (q: string) => `\`q\` searches ${q} (substring, case-insensitive); \`is_tracking\` filters; \`sort\` is recent (default), name,
company or tracked, with \`order\` asc or desc. Paging: \`limit\` (default 50, at most 100), \`offset\`,
\`include_total\`.`;

export const RADAR_OPERATIONS: TOperationTable = {
  "GET /radar/quota/": op(
    "getRadarQuota",
    "Get the tracking quota",
    "Returns the tracking limit of each source with `used` (applications plus tracked connections) and `remaining`. Takes no parameters.",
    "The quota of both sources",
    ["ValidationError"],
  ),
  "POST /radar/applications/": op(
    "createRadarApplication",
    "Follow a profile",
    `Creates an application to follow one profile. The body names the \`source\` and exactly one identifier of
that source: \`username\` or \`network_a_url\` (network_a); \`username\`, \`network_b_url\` or \`network_b_user_id\`
(network_b). With \`is_tracking\` true (default) the application is queued (\`init_status: pending\`) and the
worker turns it into a connection; with false it waits idle. When the profile is already one of your
connections nothing is created and \`data\` is \`{connection, already_tracked: true}\`; a duplicate pending
application is returned as it is. 400 \`tracking_limit_reached\` when the source has no free place. ${QUOTA}`,
    "The new application (or the existing one, or the existing connection), with the quota",
    ["TrackingLimitOrInvalid"],
  ),
  "POST /radar/applications/bulk/": op(
    "createRadarApplicationsBulk",
    "Follow several profiles",
    `Creates applications for up to 1,000 profiles of one \`source\`; each item of \`applications\` is a create
body without \`source\`. Items are handled one by one: \`data.created\`, \`data.existing\` and \`data.errors\`
(with the item's \`index\`, including \`tracking_limit_reached\`) together account for every item; one bad
item never loses the others. ${QUOTA}`,
    "Created, existing and failed items by index, with the quota",
    ["ValidationError"],
  ),
  "PATCH /radar/applications/bulk-tracking/": op(
    "setRadarApplicationsTracking",
    "Turn tracking on or off for several applications",
    `Sets \`is_tracking\` on the applications \`ids\` of \`source\`: tracking on queues idle ones, off returns
pending ones to idle. Every id must be one of your applications of that source (else 400, nothing
changes). ${QUOTA}`,
    "How many applications were updated, with the quota",
    ["ValidationError"],
  ),
  "POST /radar/applications/bulk-delete/": op(
    "deleteRadarApplicationsBulk",
    "Remove several applications",
    `Removes the applications \`ids\` of \`source\`, whatever their state. Every id must be one of your
applications of that source (else 400, nothing is removed). ${QUOTA}`,
    "How many applications were removed, with the quota",
    ["ValidationError"],
  ),
  "GET /radar/applications/{source}/": op(
    "listRadarApplications",
    "List applications",
    `Returns your applications of one source (profiles not yet connected), newest first by default.
\`init_status\` filters by state (idle, pending, processing, failed; a failed one carries \`radar_error\`).
${listParams("the identifier given at creation")}`,
    "A page of applications with pagination and meta",
    ["ValidationError"],
    { default: 50, max: 100 },
  ),
  "PATCH /radar/applications/{source}/{id}/tracking/": op(
    "setRadarApplicationTracking",
    "Turn tracking on or off for an application",
    `Sets \`is_tracking\`: on queues an idle application (\`pending\`), off returns a pending one to idle;
processing and failed ones keep their state. Applications count in the quota either way. ${SOURCE} ${QUOTA}`,
    "The application, with the quota",
    ["ValidationError", "NotFound"],
  ),
  "POST /radar/applications/{source}/{id}/retry/": op(
    "retryRadarApplication",
    "Retry a failed application",
    `Queues a \`failed\` application again (\`pending\`, tracking on, error cleared). Any other state is a 400
\`validation_error\`. ${SOURCE} No body.`,
    "The queued application",
    ["ValidationError", "NotFound"],
  ),
  "DELETE /radar/applications/{source}/{id}/": op(
    "deleteRadarApplication",
    "Remove an application",
    `Removes an application in any state (one being processed does not become a connection). ${SOURCE} ${QUOTA}`,
    "The removed id, with the quota",
    ["ValidationError", "NotFound"],
  ),
  "PATCH /radar/connections/bulk-tracking/": op(
    "setRadarConnectionsTracking",
    "Turn tracking on or off for several connections",
    `Sets \`is_tracking\` (scheduled refresh) on the connections \`ids\` of \`source\`. Every id must be one of your
connections of that source (else 400, nothing changes); turning tracking on beyond the limit is a 400
\`tracking_limit_reached\`. ${QUOTA}`,
    "How many connections were updated, with the quota",
    ["TrackingLimitOrInvalid"],
  ),
  "POST /radar/connections/bulk-delete/": op(
    "deleteRadarConnectionsBulk",
    "Disconnect several connections",
    `Removes the connections \`ids\` of \`source\` with their snapshots and updates. Every id must be one of your
connections of that source (else 400, nothing is removed). ${QUOTA}`,
    "How many connections were removed, with the quota",
    ["ValidationError"],
  ),
  "GET /radar/connections/{source}/": op(
    "listRadarConnections",
    "List connections",
    `Returns your connections of one source (followed profiles, refreshed on a schedule while tracked), newest
first by default. ${listParams("name, username and company")}`,
    "A page of connections with pagination and meta",
    ["ValidationError"],
    { default: 50, max: 100 },
  ),
  "GET /radar/connections/{source}/{id}/": op(
    "getRadarConnection",
    "Get a connection's profile snapshot",
    `Returns the connection with its latest profile snapshot: for network_a \`career\` (current and history),
\`education\` and \`skills\`; for network_b the \`profile\` and its \`activity\` (recent posts, followed accounts).
This is the snapshot, not the updates feed. ${SOURCE}`,
    "The connection with its snapshot",
    ["ValidationError", "NotFound"],
  ),
  "PATCH /radar/connections/{source}/{id}/tracking/": op(
    "setRadarConnectionTracking",
    "Turn tracking on or off for a connection",
    `Sets \`is_tracking\`: a tracked connection is refreshed on a schedule and produces updates. Turning it on
beyond the source's limit is a 400 \`tracking_limit_reached\`. ${SOURCE} ${QUOTA}`,
    "The connection, with the quota",
    ["TrackingLimitOrInvalid", "NotFound"],
  ),
  "DELETE /radar/connections/{source}/{id}/": op(
    "deleteRadarConnection",
    "Disconnect a connection",
    `Removes the connection with its snapshots and updates. ${SOURCE} ${QUOTA}`,
    "The removed id, with the quota",
    ["ValidationError", "NotFound"],
  ),
  "GET /radar/updates/meta/": op(
    "getRadarUpdatesMeta",
    "List the updates feed's filter values",
    "Returns the values the updates feed filters on: `sources` and `change_types`. Takes no parameters.",
    "Sources and change types",
    ["ValidationError"],
  ),
  "GET /radar/updates/": op(
    "listRadarUpdates",
    "List profile updates",
    `Returns the feed of changes detected on your connections, newest first: a readable \`description\`, the
\`change_type\` and a \`body\` whose \`variant\` is career_change (\`previous\`, \`current\`), network_b_bio_change
(\`previous_bio\`, \`current_bio\`) or combined (\`changes\`). Filters: \`source\`, \`connection_id\` (with
\`source\`), \`is_tracking\`, \`change_type\` or \`change_types\` (any of them). Paging: \`limit\` (default 50, at
most 100), \`offset\`, \`include_total\`. The feed is meant to be polled.`,
    "A page of updates with pagination",
    ["ValidationError"],
    { default: 50, max: 100 },
  ),
};
