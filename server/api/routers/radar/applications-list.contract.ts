import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { listParams, RADAR_SORT, radarDoc } from "./contract-text";
import { ZListApplicationsRequest, ZListApplicationsResponse } from "./lists.types";

/** The contract of GET /v1/radar/applications/{source}/ (server/api/contract.ts). */

export const listRadarApplicationsContract = defineContract({
  method: "GET",
  path: "/radar/applications/{source}/",
  scope: "radar:read",
  input: ZListApplicationsRequest,
  output: ZListApplicationsResponse,
  ...radarDoc(
    "listRadarApplications",
    "List applications",
    `Returns your applications of one source (profiles not yet connected), newest first by default.
\`init_status\` filters by state (idle, pending, processing, failed; a failed one carries \`radar_error\`).
${listParams("the identifier given at creation")}`,
    "A page of applications with pagination and meta",
    ["ValidationError"],
    { default: 50, max: 100 },
  ),
  params: { sort: RADAR_SORT, q: "Substring of the identifier given at creation (case-insensitive)." },
  catalog: { capability: "radar", order: 4, description: "List applications" },
  tools: [
    {
      name: "radar_list",
      title: "List radar follows",
      description: `The people the account follows on the radar for one \`source\`, with their processing status (\`init_status\`) and whether they are tracked. \`q\` searches name, username and company; \`is_tracking\` and \`init_status\` filter; \`sort\` recent, name, company or tracked, \`order\` asc or desc. ${TOOL_PAGING}`,
    },
  ],
  examples: {
    params: { source: "network_b", init_status: "pending", limit: 50 },
    response: {
      data: [
        {
          id: 4,
          source: "network_b",
          username: null,
          network_b_url: "https://network-b.example/ines_moreau_2",
          network_b_user_id: null,
          is_tracking: true,
          init_status: "pending",
          radar_error: null,
          created_at: "2026-11-25T14:18:21.711Z",
          updated_at: "2026-11-25T14:18:21.711Z",
        },
        {
          id: 3,
          source: "network_b",
          username: "jack_brown_1",
          network_b_url: null,
          network_b_user_id: null,
          is_tracking: true,
          init_status: "pending",
          radar_error: null,
          created_at: "2026-11-25T14:18:21.711Z",
          updated_at: "2026-11-25T14:18:21.711Z",
        },
      ],
      pagination: { limit: 50, offset: 0, total: 2, has_next: false },
      meta: { source: "network_b", sort: "recent", order: "desc" },
    },
  },
});
