import { defineContract } from "~/server/api/contract";
import { ZParticipantBatchRequest, ZParticipantBatchResponse } from "./batch.types";

/** The contract of GET /v1/participants/batch/ (server/api/contract.ts). */

export const getParticipantsBatchContract = defineContract({
  method: "GET",
  path: "/participants/batch/",
  scope: "participants:read",
  input: ZParticipantBatchRequest,
  output: ZParticipantBatchResponse,
  operationId: "getParticipantsBatch",
  tag: "Participants",
  summary: "Get several participants by slug",
  description: `Returns the participants named in \`slugs\` (comma-separated, at most 100), in the order given,
each once. Unknown slugs are not an error: they are listed in \`meta.not_found\`. \`include_user_data=true\`
adds \`is_saved\`.`,
  returns: "The participants found, with the unknown slugs in meta",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "participants", order: 3, description: "Several participants by slug" },
  examples: {
    params: { slugs: ["atlas-venture-partners-0", "vector-ventures-1", "nope"] },
    response: {
      data: [
        {
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
        },
        {
          slug: "vector-ventures-1",
          name: "Vector Ventures",
          alt_name: null,
          email: "hello@vector-ventures-1.example",
          image: "https://images.example/participants/vector-ventures-1.png",
          about: "Growth-stage fund investing in mobility & logistics and health companies. Typical cheque $500k.",
          type: "fund",
          web3: false,
          web2: true,
          monthly_signals: 119,
          associated_with: { slug: "vector-ventures-1", name: "Vector Ventures" },
          self_associated: true,
        },
      ],
      meta: { total: 2, not_found: ["nope"], include_user_data: false },
    },
  },
});
