import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { radarDoc, UPDATES_SOURCE } from "./contract-text";
import { ZUpdatesMetaRequest, ZUpdatesMetaResponse, ZUpdatesRequest, ZUpdatesResponse } from "./updates.types";

/** The contracts of GET /v1/radar/updates/meta/, GET /v1/radar/updates/ (server/api/contract.ts). */

export const getRadarUpdatesMetaContract = defineContract({
  method: "GET",
  path: "/radar/updates/meta/",
  scope: "radar:read",
  input: ZUpdatesMetaRequest,
  output: ZUpdatesMetaResponse,
  ...radarDoc(
    "getRadarUpdatesMeta",
    "List the updates feed's filter values",
    "Returns the values the updates feed filters on: `sources` and `change_types`. Takes no parameters.",
    "Sources and change types",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 16, description: "Filter values for the updates feed" },
  examples: {
    response: {
      data: {
        sources: ["network_a", "network_b"],
        change_types: ["career_change", "headline_change", "bio_change", "combined"],
      },
    },
  },
});

export const listRadarUpdatesContract = defineContract({
  method: "GET",
  path: "/radar/updates/",
  scope: "radar:read",
  input: ZUpdatesRequest,
  output: ZUpdatesResponse,
  ...radarDoc(
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
  params: { source: UPDATES_SOURCE },
  catalog: { capability: "radar", order: 17, description: "Feed of profile updates" },
  tools: [
    {
      name: "radar_updates",
      title: "Radar updates",
      description: `The changes detected on the people the account tracks (new job, new company, profile edits...), newest first. Filter by \`source\`, \`connection_id\`, \`change_type\` or \`change_types\`, \`is_tracking\`. ${TOOL_PAGING} At most 100 a page (default 50).`,
    },
  ],
  examples: {
    params: { source: "network_a", change_types: ["career_change", "combined"], limit: 20 },
    response: {
      data: [
        {
          id: 1,
          description:
            "Maja Petit moved from Chief Revenue Officer at Stackwise to Founder & CEO at Northwind Robotics; changed their headline to “Founder & CEO at Northwind Robotics”.",
          change_type: "combined",
          body: {
            variant: "combined",
            changes: [
              {
                change_type: "career_change",
                previous: {
                  title: "Chief Revenue Officer",
                  company: "Stackwise",
                  start_date: "2025-10-17",
                  end_date: null,
                  location: "Barcelona, Spain",
                  description: "Chief Revenue Officer at Stackwise, working on fintech.",
                },
                current: {
                  title: "Founder & CEO",
                  company: "Northwind Robotics",
                  start_date: "2026-09-01",
                  end_date: null,
                  location: null,
                  description: null,
                },
              },
              {
                change_type: "headline_change",
                previous_headline: "Founder & CEO at Ledgerloop | ex-Stackwise",
                current_headline: "Founder & CEO at Northwind Robotics",
              },
            ],
          },
          detected_at: "2026-11-25T14:18:22.314Z",
          connection: { id: 1, source: "network_a", username: "ACoAAWGVM3J1CP", name: "Maja Petit" },
        },
      ],
      pagination: { limit: 20, offset: 0, total: 1, has_next: false },
      meta: { sort: "detected_at:desc" },
    },
  },
});
