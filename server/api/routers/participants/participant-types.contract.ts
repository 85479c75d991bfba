import { defineContract } from "~/server/api/contract";
import { ZParticipantTypesRequest, ZParticipantTypesResponse } from "./participant-types.types";

/** The contract of GET /v1/participants/types/ (server/api/contract.ts). */

export const listParticipantTypesContract = defineContract({
  method: "GET",
  path: "/participants/types/",
  scope: "participants:read",
  input: ZParticipantTypesRequest,
  output: ZParticipantTypesResponse,
  operationId: "listParticipantTypes",
  tag: "Participants",
  summary: "List participant types",
  description:
    "Returns the participant type slugs (fund, investor, angel...) for the `type` filter of GET /v1/participants/. Takes no parameters; not paginated.",
  returns: "The participant types",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "participants", order: 4, description: "Participant types" },
  examples: {
    response: {
      data: [
        { slug: "accelerator", name: "Accelerator" },
        { slug: "angel", name: "Angel" },
        { slug: "founder", name: "Founder" },
        { slug: "fund", name: "Fund" },
        { slug: "investor", name: "Investor" },
        { slug: "syndicate", name: "Syndicate" },
      ],
      meta: { total: 6 },
    },
  },
});
