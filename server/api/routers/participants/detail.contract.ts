import { defineContract } from "~/server/api/contract";
import { ZParticipantDetailRequest, ZParticipantDetailResponse } from "./detail.types";

/** The contract of GET /v1/participants/{slug}/ (server/api/contract.ts). */

export const getParticipantContract = defineContract({
  method: "GET",
  path: "/participants/{slug}/",
  scope: "participants:read",
  input: ZParticipantDetailRequest,
  output: ZParticipantDetailResponse,
  operationId: "getParticipant",
  tag: "Participants",
  summary: "Get a participant",
  description: "Returns one participant with its `sources` (website and network profiles). `include_user_data=true` adds `is_saved`.",
  returns: "The participant",
  errors: ["ValidationError", "PermissionDenied", "NotFound"],
  catalog: { capability: "participants", order: 2, description: "Participant detail" },
  tools: [
    {
      name: "get_participant",
      title: "Get a participant",
      description: "One participant in full by its slug (from search_participants), with its sources and activity.",
    },
  ],
  examples: {
    params: { slug: "atlas-venture-partners-0", include_user_data: false },
    response: {
      data: {
        slug: "atlas-venture-partners-0",
        name: "Atlas Venture Partners",
        alt_name: null,
        email: "hello@atlas-venture-partners-0.example",
        image: "https://images.example/participants/atlas-venture-partners-0.png",
        about: "Early-stage fund investing in climate & energy and health companies. Typical cheque $1M.",
        type: "fund",
        web3: true,
        web2: true,
        monthly_signals: 230,
        associated_with: { slug: "atlas-venture-partners-0", name: "Atlas Venture Partners" },
        self_associated: true,
        sources: [
          { slug: "atlas-venture-partners-0", type: "website", link: "https://atlas-venture-partners-0.example" },
          {
            slug: "atlasventurepartners0",
            type: "network_a",
            link: "https://network-a.example/in/atlasventurepartners0",
          },
          {
            slug: "atlasventurepartners0",
            type: "network_b",
            link: "https://network-b.example/atlasventurepartners0",
          },
        ],
      },
      meta: { include_user_data: false },
    },
  },
});
