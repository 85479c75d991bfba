import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { ZListCollectionsRequest, ZListCollectionsResponse } from "./collections.types";

/** The contract of GET /v1/network_a/collections/ (server/api/contract.ts). */

export const listCollectionsContract = defineContract({
  method: "GET",
  path: "/network_a/collections/",
  scope: "network_a:read",
  input: ZListCollectionsRequest,
  output: ZListCollectionsResponse,
  operationId: "listCollections",
  tag: "Raw data",
  summary: "List collections",
  description: `Returns the active collections the account can read: the shared ones and the private ones assigned to
it. Use a \`slug\` as the \`collection\` parameter of GET /v1/network_a/profiles/. Paging: \`limit\` (default 50,
at most 200), \`offset\`, \`include_total\`. Restricted: needs raw-data access (or a collections-only account).`,
  returns: "A page of collections with pagination",
  errors: ["ValidationError", "RawDataPermissionDenied"],
  page: { default: 50, max: 200 },
  catalog: { capability: "network_a_collections", order: 1, description: "Collections available to the account" },
  tools: [
    {
      name: "list_collections",
      title: "List collections",
      description: `The founder-profile collections available to the account (shared ones and private ones assigned to it). Their slugs go to list_collection_profiles. ${TOOL_PAGING}`,
    },
  ],
  examples: {
    params: { limit: 200, offset: 0 },
    response: {
      data: [
        {
          slug: "european_founders",
          name: "European founders",
          description: "Founders and C-level operators located in Europe",
        },
      ],
      pagination: { limit: 50, offset: 0, total: 1, has_next: false },
    },
  },
});
