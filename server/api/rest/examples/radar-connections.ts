import type { TExampleTable } from "./types";

/**
 * Examples of the radar connection and updates operations (/v1/radar/connections/..., /v1/radar/updates/...).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const RADAR_CONNECTION_EXAMPLES: TExampleTable = {
  listRadarConnections: {
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
  getRadarConnection: {
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
  setRadarConnectionTracking: {
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
  getRadarUpdatesMeta: {
    response: {
      data: {
        sources: ["network_a", "network_b"],
        change_types: ["career_change", "headline_change", "bio_change", "combined"],
      },
    },
  },
  listRadarUpdates: {
    params: { source: "network_a", change_types: ["career_change", "combined"], limit: 20 },
    response: {
      data: [
        {
          id: 1,
          description: "Maja Petit moved from Chief Revenue Officer at Stackwise to Founder & CEO at Northwind Robotics; changed their headline to “Founder & CEO at Northwind Robotics”.",
          change_type: "combined",
          body: {
            variant: "combined",
            changes: [
              {
                change_type: "career_change",
                previous: {
                  title: "Chief Revenue Officer",
                  company: "Stackwise",
                  start_date: "2025-10-17",
                  end_date: null,
                  location: "Barcelona, Spain",
                  description: "Chief Revenue Officer at Stackwise, working on fintech.",
                },
                current: {
                  title: "Founder & CEO",
                  company: "Northwind Robotics",
                  start_date: "2026-09-01",
                  end_date: null,
                  location: null,
                  description: null,
                },
              },
              {
                change_type: "headline_change",
                previous_headline: "Founder & CEO at Ledgerloop | ex-Stackwise",
                current_headline: "Founder & CEO at Northwind Robotics",
              },
            ],
          },
          detected_at: "2026-11-25T14:18:22.314Z",
          connection: { id: 1, source: "network_a", username: "ACoAAWGVM3J1CP", name: "Maja Petit" },
        },
      ],
      pagination: { limit: 20, offset: 0, total: 1, has_next: false },
      meta: { sort: "detected_at:desc" },
    },
  },
  setRadarConnectionsTracking: {
    body: { source: "network_a", ids: [1, 6], is_tracking: true },
    response: {
      data: { updated: 2 },
      quota: { network_a: { limit: 100, used: 2, remaining: 98 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
  deleteRadarConnectionsBulk: {
    body: { source: "network_a", ids: [1, 6] },
    response: {
      data: { deleted: 2 },
      quota: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
  deleteRadarConnection: {
    params: { source: "network_a", id: 1 },
    response: {
      data: { id: 1, deleted: true },
      quota: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
};
