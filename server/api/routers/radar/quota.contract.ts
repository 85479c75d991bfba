import { defineContract } from "~/server/api/contract";
import { radarDoc } from "./contract-text";
import { ZQuotaRequest, ZQuotaResponse } from "./quota.types";

/** The contract of GET /v1/radar/quota/ (server/api/contract.ts). */

export const getRadarQuotaContract = defineContract({
  method: "GET",
  path: "/radar/quota/",
  scope: "radar:read",
  input: ZQuotaRequest,
  output: ZQuotaResponse,
  ...radarDoc(
    "getRadarQuota",
    "Get the tracking quota",
    "Returns the tracking limit of each source with `used` (applications that have not failed plus tracked connections: a failed application holds no place) and `remaining`. Takes no parameters.",
    "The quota of both sources",
    ["ValidationError"],
  ),
  catalog: { capability: "radar", order: 1, description: "Tracking limits" },
  examples: {
    response: {
      data: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 0, remaining: 100 } },
    },
  },
});
