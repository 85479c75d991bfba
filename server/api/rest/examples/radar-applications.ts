import type { TExampleTable } from "./types";

/**
 * Examples of the radar application operations (/v1/radar/quota/ and /v1/radar/applications/...).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const RADAR_APPLICATION_EXAMPLES: TExampleTable = {
  getRadarQuota: {
    response: {
      data: { network_a: { limit: 100, used: 0, remaining: 100 }, network_b: { limit: 100, used: 0, remaining: 100 } },
    },
  },
  createRadarApplication: {
    body: { source: "network_a", username: "ACoAAWGVM3J1CP" },
    response: {
      data: {
        id: 1,
        source: "network_a",
        username: "ACoAAWGVM3J1CP",
        network_a_url: null,
        is_tracking: true,
        init_status: "pending",
        radar_error: null,
        created_at: "2026-11-25T14:18:21.538Z",
        updated_at: "2026-11-25T14:18:21.538Z",
      },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 0, remaining: 100 } },
    },
  },
  createRadarApplicationsBulk: {
    body: {
      source: "network_b",
      applications: [
        { username: "jack_brown_1" },
        { network_b_url: "https://network-b.example/ines_moreau_2" },
        { network_a_url: "https://network-a.example/in/ines-moreau" },
      ],
    },
    response: {
      data: {
        created: [
          {
            index: 0,
            application: {
              id: 3,
              source: "network_b",
              username: "jack_brown_1",
              network_b_url: null,
              network_b_user_id: null,
              is_tracking: true,
              init_status: "pending",
              radar_error: null,
              created_at: "2026-11-25T14:18:21.711Z",
              updated_at: "2026-11-25T14:18:21.711Z",
            },
          },
          {
            index: 1,
            application: {
              id: 4,
              source: "network_b",
              username: null,
              network_b_url: "https://network-b.example/ines_moreau_2",
              network_b_user_id: null,
              is_tracking: true,
              init_status: "pending",
              radar_error: null,
              created_at: "2026-11-25T14:18:21.711Z",
              updated_at: "2026-11-25T14:18:21.711Z",
            },
          },
        ],
        existing: [],
        errors: [
          {
            index: 2,
            error: "validation_error",
            message: "network_a_url: cannot be used with source network_b (use username, network_b_url, network_b_user_id)",
          },
        ],
      },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
  listRadarApplications: {
    params: { source: "network_b", init_status: "pending", limit: 50 },
    response: {
      data: [
        {
          id: 4,
          source: "network_b",
          username: null,
          network_b_url: "https://network-b.example/ines_moreau_2",
          network_b_user_id: null,
          is_tracking: true,
          init_status: "pending",
          radar_error: null,
          created_at: "2026-11-25T14:18:21.711Z",
          updated_at: "2026-11-25T14:18:21.711Z",
        },
        {
          id: 3,
          source: "network_b",
          username: "jack_brown_1",
          network_b_url: null,
          network_b_user_id: null,
          is_tracking: true,
          init_status: "pending",
          radar_error: null,
          created_at: "2026-11-25T14:18:21.711Z",
          updated_at: "2026-11-25T14:18:21.711Z",
        },
      ],
      pagination: { limit: 50, offset: 0, total: 2, has_next: false },
      meta: { source: "network_b", sort: "recent", order: "desc" },
    },
  },
  setRadarApplicationsTracking: {
    body: { source: "network_b", ids: [3, 4], is_tracking: false },
    response: {
      data: { updated: 2 },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 3, remaining: 97 } },
    },
  },
  deleteRadarApplicationsBulk: {
    body: { source: "network_b", ids: [3, 4] },
    response: {
      data: { deleted: 2 },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 1, remaining: 99 } },
    },
  },
  setRadarApplicationTracking: {
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
  retryRadarApplication: {
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
  deleteRadarApplication: {
    params: { source: "network_b", id: 2 },
    response: {
      data: { id: 2, deleted: true },
      quota: { network_a: { limit: 100, used: 1, remaining: 99 }, network_b: { limit: 100, used: 2, remaining: 98 } },
    },
  },
};
