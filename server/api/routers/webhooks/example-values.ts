/**
 * Values shared by the webhook examples (an endpoint, its secret, deliveries), as the service
 * answers them; tests/openapi/examples.test.ts parses every example with the procedure's schemas.
 */

export const endpoint = {
  id: 3,
  url: "https://hooks.example.com/venture-monitor",
  description: "Radar updates to the CRM",
  events: ["radar.update.created", "radar.connection.created"],
  enabled: true,
  disabled_reason: null,
  created_at: "2026-11-25T14:18:21.827Z",
  updated_at: "2026-11-25T14:18:21.827Z",
};

export const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

const pingBody = {
  type: "ping",
  timestamp: "2026-11-25T14:20:02.114Z",
  data: { endpoint_id: 3, message: "This is a test event from Venture Monitor." },
};

export const delivered = {
  id: 41,
  event: "radar.update.created",
  webhook_id: "msg_2b8RmYc0xkq3VnJ1dJ8wQw",
  status: "succeeded",
  attempts: 1,
  response_status: 200,
  response_body: "ok",
  error: null,
  duration_ms: 84,
  created_at: "2026-11-25T14:18:22.010Z",
  last_attempt_at: "2026-11-25T14:18:22.031Z",
  next_attempt_at: null,
  delivered_at: "2026-11-25T14:18:22.031Z",
  request: {
    headers: {
      "webhook-id": "msg_2b8RmYc0xkq3VnJ1dJ8wQw",
      "webhook-timestamp": "1795616302",
      "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
    },
    body: {
      type: "radar.update.created",
      timestamp: "2026-11-25T14:18:21.990Z",
      data: {
        id: 17,
        description: "Maja Petit is now Chief Revenue Officer at Ledgerloop (was Chief Revenue Officer at Stackwise)",
        change_type: "career_change",
        body: {
          variant: "career_change",
          previous: { title: "Chief Revenue Officer", company: "Stackwise" },
          current: { title: "Chief Revenue Officer", company: "Ledgerloop" },
        },
        detected_at: "2026-11-25T14:18:21.990Z",
        connection: { id: 1, source: "network_a", username: "ACoAAWGVM3J1CP", name: "Maja Petit" },
      },
    },
  },
};

export const pending = {
  id: 42,
  event: "ping",
  webhook_id: "msg_Qm4y1cJ7bq9xTn2WkPzR0g",
  status: "pending",
  attempts: 0,
  response_status: null,
  response_body: null,
  error: null,
  duration_ms: null,
  created_at: "2026-11-25T14:20:02.114Z",
  last_attempt_at: null,
  next_attempt_at: "2026-11-25T14:20:02.114Z",
  delivered_at: null,
  request: { headers: null, body: pingBody },
};
