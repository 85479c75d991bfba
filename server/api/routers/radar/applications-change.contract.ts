import { defineContract } from "~/server/api/contract";
import {
  ZApplicationResponse,
  ZApplicationWithQuota,
  ZBulkDeletedResponse,
  ZBulkIdsRequest,
  ZBulkTrackingRequest,
  ZBulkUpdatedResponse,
  ZDeletedResponse,
  ZIdRequest,
  ZTrackingRequest,
} from "./changes.types";
import { QUOTA, radarDoc, SOURCE } from "./contract-text";

/**
 * The contracts (server/api/contract.ts) of:
 * - PATCH /v1/radar/applications/bulk-tracking/
 * - POST /v1/radar/applications/bulk-delete/
 * - PATCH /v1/radar/applications/{source}/{id}/tracking/
 * - POST /v1/radar/applications/{source}/{id}/retry/
 * - DELETE /v1/radar/applications/{source}/{id}/
 */

export const setRadarApplicationsTrackingContract = defineContract({
  method: "PATCH",
  path: "/radar/applications/bulk-tracking/",
  scope: "radar:write",
  input: ZBulkTrackingRequest,
  output: ZBulkUpdatedResponse,
  ...radarDoc(
    "setRadarApplicationsTracking",
    "Turn tracking on or off for several applications",
    `Sets \`is_tracking\` on the applications \`ids\` of \`source\`: tracking on queues idle ones, off returns
pending ones to idle. Every id must be one of your applications of that source (else 400, nothing
changes). ${QUOTA}`,
    "How many applications were updated, with the quota",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 6, description: "Bulk tracking change" },
  examples: {
    body: { source: "network_b", ids: [3, 4], is_tracking: false },
    response: {
      data: { updated: 2 },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});

export const deleteRadarApplicationsBulkContract = defineContract({
  method: "POST",
  path: "/radar/applications/bulk-delete/",
  scope: "radar:write",
  input: ZBulkIdsRequest,
  output: ZBulkDeletedResponse,
  ...radarDoc(
    "deleteRadarApplicationsBulk",
    "Remove several applications",
    `Removes the applications \`ids\` of \`source\`, whatever their state. Every id must be one of your
applications of that source (else 400, nothing is removed). ${QUOTA}`,
    "How many applications were removed, with the quota",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 9, description: "Remove several applications" },
  examples: {
    body: { source: "network_b", ids: [3, 4] },
    response: {
      data: { deleted: 2 },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 1, remaining: 99 } },
    },
  },
});

export const setRadarApplicationTrackingContract = defineContract({
  method: "PATCH",
  path: "/radar/applications/{source}/{id}/tracking/",
  scope: "radar:write",
  input: ZTrackingRequest,
  output: ZApplicationWithQuota,
  ...radarDoc(
    "setRadarApplicationTracking",
    "Turn tracking on or off for an application",
    `Sets \`is_tracking\`: on queues an idle application (\`pending\`), off returns a pending one to idle;
processing and failed ones keep their state. Applications count in the quota either way. ${SOURCE} ${QUOTA}`,
    "The application, with the quota",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "radar", order: 5, description: "Turn tracking on or off" },
  examples: {
    params: { source: "network_b", id: 2 },
    body: { is_tracking: true },
    response: {
      data: {
        id: 2,
        source: "network_b",
        username: "james_smith_0",
        network_b_url: null,
        network_b_user_id: null,
        is_tracking: true,
        init_status: "pending",
        radar_error: null,
        created_at: "2026-11-25T14:18:21.627Z",
        updated_at: "2026-11-25T14:20:03.115Z",
      },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
});

export const retryRadarApplicationContract = defineContract({
  method: "POST",
  path: "/radar/applications/{source}/{id}/retry/",
  scope: "radar:write",
  input: ZIdRequest,
  output: ZApplicationResponse,
  ...radarDoc(
    "retryRadarApplication",
    "Retry a failed application",
    `Queues a \`failed\` application again (\`pending\`, tracking on, error cleared). A failed application
holds no quota place, so the retry takes one again: 400 \`tracking_limit_reached\` when the source has none
free. Any other state is a 400 \`validation_error\`. ${SOURCE} No body.`,
    "The queued application",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "radar", order: 7, description: "Retry a failed application" },
  examples: {
    params: { source: "network_a", id: 5 },
    response: {
      data: {
        id: 5,
        source: "network_a",
        username: null,
        network_a_url: "https://network-a.example/in/jan-mueller-berlin",
        is_tracking: true,
        init_status: "pending",
        radar_error: null,
        created_at: "2026-11-25T14:18:21.538Z",
        updated_at: "2026-11-25T14:31:40.072Z",
      },
    },
  },
});

export const deleteRadarApplicationContract = defineContract({
  method: "DELETE",
  path: "/radar/applications/{source}/{id}/",
  scope: "radar:write",
  input: ZIdRequest,
  output: ZDeletedResponse,
  ...radarDoc(
    "deleteRadarApplication",
    "Remove an application",
    `Removes an application in any state (one being processed does not become a connection). ${SOURCE} ${QUOTA}`,
    "The removed id, with the quota",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "radar", order: 8, description: "Remove an application" },
  examples: {
    params: { source: "network_b", id: 2 },
    response: {
      data: { id: 2, deleted: true },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 2, remaining: 98 } },
    },
  },
});
