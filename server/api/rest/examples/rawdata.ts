import type { TExampleTable } from "./types";

/**
 * Examples of the raw-data operations (GET /v1/network_a/...).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const RAWDATA_EXAMPLES: TExampleTable = {
  listCollections: {
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
  listFounderProfiles: {
    params: { classification: ["strong_potential_founder"], limit: 1 },
    response: {
      data: [
        {
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
      ],
      pagination: { limit: 1, offset: 0, total: 596, has_next: true },
      meta: { sort: "created_at:desc", filters: { classification: ["strong_potential_founder"] }, ignored: [] },
    },
  },
  getFounderProfile: {
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
};
