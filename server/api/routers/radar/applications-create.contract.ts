import { defineContract } from "~/server/api/contract";
import {
  ZBulkCreateRequest,
  ZBulkCreateResponse,
  ZCreateApplicationRequest,
  ZCreateApplicationResponse,
} from "./applications-create.types";
import { QUOTA, radarDoc } from "./contract-text";

/**
 * The contracts (server/api/contract.ts) of:
 * - POST /v1/radar/applications/
 * - POST /v1/radar/applications/bulk/
 */

export const createRadarApplicationContract = defineContract({
  method: "POST",
  path: "/radar/applications/",
  scope: "radar:write",
  input: ZCreateApplicationRequest,
  output: ZCreateApplicationResponse,
  ...radarDoc(
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
  catalog: { capability: "radar", order: 2, description: "Follow a profile" },
  tools: [
    {
      name: "radar_follow",
      title: "Follow a profile on the radar",
      description: [
        "Follows a person on the radar: `source` (network_a or network_b) and exactly one identifier of that source",
        "(`network_a_url` or `username` for network_a; `network_b_url`, `username` or `network_b_user_id` for network_b).",
        "Answers the new application (processed in the background; its status shows in radar_list), or the existing",
        "application or connection when the person is already followed, with the account's tracking quota.",
      ].join(" "),
    },
  ],
  examples: {
    body: { source: "network_a", username: "ACoAAWGVM3J1CP" },
    response: {
      data: {
        id: 1,
        source: "network_a",
        username: "ACoAAWGVM3J1CP",
        network_a_url: null,
        is_tracking: true,
        init_status: "pending",
        radar_error: null,
        created_at: "2026-11-25T14:18:21.538Z",
        updated_at: "2026-11-25T14:18:21.538Z",
      },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 0, remaining: 100 } },
    },
  },
});

export const createRadarApplicationsBulkContract = defineContract({
  method: "POST",
  path: "/radar/applications/bulk/",
  scope: "radar:write",
  input: ZBulkCreateRequest,
  output: ZBulkCreateResponse,
  ...radarDoc(
    "createRadarApplicationsBulk",
    "Follow several profiles",
    `Creates applications for up to 1,000 profiles of one \`source\`; each item of \`applications\` is a create
body without \`source\`. Items are handled one by one: \`data.created\`, \`data.existing\` and \`data.errors\`
(with the item's \`index\`, including \`tracking_limit_reached\`) together account for every item; one bad
item never loses the others. ${QUOTA}`,
    "Created, existing and failed items by index, with the quota",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 3, description: "Follow several profiles" },
  examples: {
    body: {
      source: "network_b",
      applications: [
        { username: "jack_brown_1" },
        { network_b_url: "https://network-b.example/ines_moreau_2" },
        { network_a_url: "https://network-a.example/in/ines-moreau" },
      ],
    },
    response: {
      data: {
        created: [
          {
            index: 0,
            application: {
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
          },
          {
            index: 1,
            application: {
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
          },
        ],
        existing: [],
        errors: [
          {
            index: 2,
            error: "validation_error",
            message: "network_a_url: cannot be used with source network_b (use username, network_b_url, network_b_user_id)",
          },
        ],
      },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});
