import { defineContract } from "~/server/api/contract";
import {
  ZBulkDeletedResponse,
  ZBulkIdsRequest,
  ZBulkTrackingRequest,
  ZBulkUpdatedResponse,
  ZConnectionWithQuota,
  ZDeletedResponse,
  ZIdRequest,
  ZTrackingRequest,
} from "./changes.types";
import { listParams, QUOTA, RADAR_SORT, radarDoc, SOURCE } from "./contract-text";
import { ZListConnectionsRequest, ZListConnectionsResponse } from "./lists.types";
import { ZConnectionDetailResponse } from "./radar.types";

/**
 * The contracts (server/api/contract.ts) of:
 * - PATCH /v1/radar/connections/bulk-tracking/
 * - POST /v1/radar/connections/bulk-delete/
 * - GET /v1/radar/connections/{source}/
 * - GET /v1/radar/connections/{source}/{id}/
 * - PATCH /v1/radar/connections/{source}/{id}/tracking/
 * - DELETE /v1/radar/connections/{source}/{id}/
 */

export const setRadarConnectionsTrackingContract = defineContract({
  method: "PATCH",
  path: "/radar/connections/bulk-tracking/",
  scope: "radar:write",
  input: ZBulkTrackingRequest,
  output: ZBulkUpdatedResponse,
  ...radarDoc(
    "setRadarConnectionsTracking",
    "Turn tracking on or off for several connections",
    `Sets \`is_tracking\` (scheduled refresh) on the connections \`ids\` of \`source\`. Every id must be one of your
connections of that source (else 400, nothing changes); turning tracking on beyond the limit is a 400
\`tracking_limit_reached\`. ${QUOTA}`,
    "How many connections were updated, with the quota",
    ["TrackingLimitOrInvalid"],
  ),
  catalog: { capability: "radar", order: 14, description: "Bulk tracking change" },
  examples: {
    body: { source: "network_a", ids: [1, 6], is_tracking: true },
    response: {
      data: { updated: 2 },
      quota: { network_a: { limit: 100, used: 2, remaining: 98 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});

export const deleteRadarConnectionsBulkContract = defineContract({
  method: "POST",
  path: "/radar/connections/bulk-delete/",
  scope: "radar:write",
  input: ZBulkIdsRequest,
  output: ZBulkDeletedResponse,
  ...radarDoc(
    "deleteRadarConnectionsBulk",
    "Disconnect several connections",
    `Removes the connections \`ids\` of \`source\` with their snapshots and updates. Every id must be one of your
connections of that source (else 400, nothing is removed). ${QUOTA}`,
    "How many connections were removed, with the quota",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 15, description: "Disconnect several" },
  examples: {
    body: { source: "network_a", ids: [1, 6] },
    response: {
      data: { deleted: 2 },
      quota: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});

export const listRadarConnectionsContract = defineContract({
  method: "GET",
  path: "/radar/connections/{source}/",
  scope: "radar:read",
  input: ZListConnectionsRequest,
  output: ZListConnectionsResponse,
  ...radarDoc(
    "listRadarConnections",
    "List connections",
    `Returns your connections of one source (followed profiles, refreshed on a schedule while tracked), newest
first by default. ${listParams("name, username and company")}`,
    "A page of connections with pagination and meta",
    ["ValidationError"],
    { default: 50, max: 100 },
  ),
  params: { sort: RADAR_SORT, q: "Substring of the name, username or company (case-insensitive)." },
  catalog: { capability: "radar", order: 10, description: "List connections" },
  examples: {
    params: { source: "network_a", is_tracking: true, sort: "name", order: "asc" },
    response: {
      data: [
        {
          id: 1,
          source: "network_a",
          external_id: "1754",
          username: "ACoAAWGVM3J1CP",
          name: "Maja Petit",
          company: "Stackwise",
          url: "https://network-a.example/in/ACoAAWGVM3J1CP",
          is_tracking: true,
          last_refreshed_at: "2026-11-25T14:18:21.827Z",
          created_at: "2026-11-25T14:18:21.827Z",
          updated_at: "2026-11-25T14:18:21.827Z",
        },
      ],
      pagination: { limit: 50, offset: 0, total: 1, has_next: false },
      meta: { source: "network_a", sort: "name", order: "asc" },
    },
  },
});

export const getRadarConnectionContract = defineContract({
  method: "GET",
  path: "/radar/connections/{source}/{id}/",
  scope: "radar:read",
  input: ZIdRequest,
  output: ZConnectionDetailResponse,
  ...radarDoc(
    "getRadarConnection",
    "Get a connection's profile snapshot",
    `Returns the connection with its latest profile snapshot: for network_a \`career\` (current and history),
\`education\` and \`skills\`; for network_b the \`profile\` and its \`activity\` (recent posts, followed accounts).
This is the snapshot, not the updates feed. ${SOURCE}`,
    "The connection with its snapshot",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "radar", order: 11, description: "Connection profile snapshot" },
  examples: {
    params: { source: "network_a", id: 1 },
    response: {
      data: {
        id: 1,
        source: "network_a",
        external_id: "1754",
        username: "ACoAAWGVM3J1CP",
        name: "Maja Petit",
        company: "Stackwise",
        url: "https://network-a.example/in/ACoAAWGVM3J1CP",
        is_tracking: true,
        last_refreshed_at: "2026-11-25T14:18:21.827Z",
        created_at: "2026-11-25T14:18:21.827Z",
        updated_at: "2026-11-25T14:18:21.827Z",
        profile: {
          headline: "Founder & CEO at Ledgerloop | ex-Stackwise",
          summary: "Chief Revenue Officer with 16 years in education. Interested in marketplaces.",
          location: "Barcelona, Spain",
          url: "https://network-a.example/in/ACoAAWGVM3J1CP",
          image_url: null,
          urn: "ACoAAWGVM3J1CP",
        },
        career: {
          current: {
            title: "Chief Revenue Officer",
            company: "Stackwise",
            start_date: "2025-10-17",
            end_date: null,
            location: "Barcelona, Spain",
            description: "Chief Revenue Officer at Stackwise, working on fintech.",
          },
          history: [
            {
              title: "Operations Lead",
              company: "Pixelcraft",
              start_date: "2025-01-27",
              end_date: "2025-08-31",
              location: "Barcelona, Spain",
              description: "Operations Lead at Pixelcraft, working on open source.",
            },
          ],
        },
        education: [{ school: "Delft University of Technology", degree: "BSc Physics" }],
        skills: [],
      },
    },
  },
});

export const setRadarConnectionTrackingContract = defineContract({
  method: "PATCH",
  path: "/radar/connections/{source}/{id}/tracking/",
  scope: "radar:write",
  input: ZTrackingRequest,
  output: ZConnectionWithQuota,
  ...radarDoc(
    "setRadarConnectionTracking",
    "Turn tracking on or off for a connection",
    `Sets \`is_tracking\`: a tracked connection is refreshed on a schedule and produces updates. Turning it on
beyond the source's limit is a 400 \`tracking_limit_reached\`. ${SOURCE} ${QUOTA}`,
    "The connection, with the quota",
    ["TrackingLimitOrInvalid", "NotFound"],
  ),
  catalog: { capability: "radar", order: 12, description: "Turn tracking on or off" },
  examples: {
    params: { source: "network_a", id: 1 },
    body: { is_tracking: false },
    response: {
      data: {
        id: 1,
        source: "network_a",
        external_id: "1754",
        username: "ACoAAWGVM3J1CP",
        name: "Maja Petit",
        company: "Northwind Robotics",
        url: "https://network-a.example/in/ACoAAWGVM3J1CP",
        is_tracking: false,
        last_refreshed_at: "2026-11-25T14:18:22.270Z",
        created_at: "2026-11-25T14:18:21.827Z",
        updated_at: "2026-11-25T14:18:22.448Z",
      },
      quota: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});

export const deleteRadarConnectionContract = defineContract({
  method: "DELETE",
  path: "/radar/connections/{source}/{id}/",
  scope: "radar:write",
  input: ZIdRequest,
  output: ZDeletedResponse,
  ...radarDoc(
    "deleteRadarConnection",
    "Disconnect a connection",
    `Removes the connection with its snapshots and updates. ${SOURCE} ${QUOTA}`,
    "The removed id, with the quota",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "radar", order: 13, description: "Disconnect" },
  examples: {
    params: { source: "network_a", id: 1 },
    response: {
      data: { id: 1, deleted: true },
      quota: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});
