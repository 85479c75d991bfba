import { defineContract } from "~/server/api/contract";
import { ZGetProfileRequest, ZGetProfileResponse } from "./profile.types";

/** The contract of GET /v1/network_a/profiles/{id}/ (server/api/contract.ts). */

export const getFounderProfileContract = defineContract({
  method: "GET",
  path: "/network_a/profiles/{id}/",
  scope: "network_a:read",
  input: ZGetProfileRequest,
  output: ZGetProfileResponse,
  operationId: "getFounderProfile",
  tag: "Raw data",
  summary: "Get a founder profile",
  description: `Returns one founder profile. 404 \`not_found\` for an unknown (or non-numeric) id, and, for a
collections-only account, for a profile outside its collections (it then omits \`status\`,
\`out_of_stealth_date\` and \`new_company\`). Restricted: needs raw-data access.`,
  returns: "The founder profile",
  errors: ["ValidationError", "RawDataPermissionDenied", "NotFound"],
  catalog: { capability: "network_a_profiles", order: 2, description: "Founder profile detail" },
  examples: {
    params: { id: 1754 },
    response: {
      data: {
        id: 1754,
        name: "Maja Petit",
        headline: "Founder & CEO at Ledgerloop | ex-Stackwise",
        summary: "Chief Revenue Officer with 16 years in education. Interested in marketplaces.",
        location: "Barcelona, Spain",
        network_a: { url: "https://network-a.example/in/ACoAAWGVM3J1CP", image_url: null, urn: "ACoAAWGVM3J1CP" },
        classification: "strong_potential_founder",
        path: "declared_founder",
        status: "stealth",
        out_of_stealth_date: null,
        education: [{ degree: "BSc Physics", school: "Delft University of Technology" }],
        experience: [
          {
            title: "Chief Revenue Officer",
            company: "Stackwise",
            endDate: null,
            location: "Barcelona, Spain",
            startDate: "2025-10-17",
            description: "Chief Revenue Officer at Stackwise, working on fintech.",
          },
          {
            title: "Operations Lead",
            company: "Pixelcraft",
            endDate: "2025-08-31",
            location: "Barcelona, Spain",
            startDate: "2025-01-27",
            description: "Operations Lead at Pixelcraft, working on open source.",
          },
        ],
        notable_achievements: null,
        new_company: {
          name: "Ledgerloop",
          description: "corporate learning for universities",
          website: "https://ledgerloop.example",
          logo: null,
          network_a_url: "https://network-a.example/company/ledgerloop",
        },
        tags: ["Stackwise", "Pixelcraft", "Delft University of Technology", "Northstar Labs"],
        created_at: "2026-11-23T05:26:12.385887Z",
        updated_at: "2026-11-23T09:37:44.146597Z",
      },
    },
  },
});
