import { defineContract } from "~/server/api/contract";
import { ENDPOINT_SCOPES, ONE, webhookDoc } from "./contract-text";
import { delivered, pending } from "./example-values";
import { ZDeliveryListResponse, ZDeliveryResponse, ZListDeliveriesRequest, ZRedeliverRequest, ZWebhookIdRequest } from "./webhooks.types";

/**
 * The contracts (server/api/contract.ts) of:
 * - POST /v1/webhooks/{id}/test/
 * - GET /v1/webhooks/{id}/deliveries/
 * - POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/
 */

export const testWebhookContract = defineContract({
  method: "POST",
  path: "/webhooks/{id}/test/",
  scope: "webhooks:manage",
  input: ZWebhookIdRequest,
  output: ZDeliveryResponse,
  ...webhookDoc(
    "testWebhook",
    "Send a test event",
    `Queues a \`ping\` event to the endpoint and returns its delivery (pending; its outcome appears in the
delivery log within seconds). ${ENDPOINT_SCOPES} ${ONE}`,
    "The queued delivery",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "webhooks", order: 6, description: "Send a test event" },
  examples: { params: { id: 3 }, response: { data: pending } },
});

export const listWebhookDeliveriesContract = defineContract({
  method: "GET",
  path: "/webhooks/{id}/deliveries/",
  scope: "webhooks:manage",
  input: ZListDeliveriesRequest,
  output: ZDeliveryListResponse,
  ...webhookDoc(
    "listWebhookDeliveries",
    "List an endpoint's deliveries",
    `Returns the endpoint's deliveries, newest first: the event, \`status\` (pending, delivering, succeeded,
failed), \`attempts\`, the last response's status and first 1 KB of its body, or the \`error\` when
there was no usable answer (timeout, refused address, redirect), timings, and the request (headers of
the last attempt, body; the body is null for an OAuth access token without the read scope of the
event's data: \`radar:read\` for \`radar.*\`, \`cards:read\` for \`saved_filter.cards_matched\`, as for a delivery of an event
the endpoint no longer carries). ${ENDPOINT_SCOPES} Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.
Filters: \`status\`, \`event\`. Paging: \`limit\` (default 50, at most 100), \`offset\`, \`include_total\`. ${ONE}`,
    "A page of deliveries with pagination",
    ["ValidationError", "NotFound"],
    { default: 50, max: 100 },
  ),
  catalog: { capability: "webhooks", order: 8, description: "The endpoint's deliveries" },
  examples: {
    params: { id: 3, status: "succeeded" },
    response: {
      data: [delivered],
      pagination: { limit: 50, offset: 0, total: 1, has_next: false },
      meta: { webhook_id: 3 },
    },
  },
});

export const redeliverWebhookContract = defineContract({
  method: "POST",
  path: "/webhooks/{id}/deliveries/{delivery_id}/redeliver/",
  scope: "webhooks:manage",
  input: ZRedeliverRequest,
  output: ZDeliveryResponse,
  ...webhookDoc(
    "redeliverWebhook",
    "Redeliver a delivery",
    `Queues the delivery's event again to the endpoint, with the same body and \`webhook-id\` (a receiver
that deduplicates on it treats it as the same message), and returns the new delivery. ${ENDPOINT_SCOPES} ${ONE}`,
    "The queued delivery",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "webhooks", order: 9, description: "Redeliver a delivery" },
  examples: {
    params: { id: 3, delivery_id: 41 },
    response: {
      data: {
        ...delivered,
        id: 43,
        status: "pending",
        attempts: 0,
        response_status: null,
        response_body: null,
        duration_ms: null,
        created_at: "2026-11-25T15:12:00.000Z",
        last_attempt_at: null,
        next_attempt_at: "2026-11-25T15:12:00.000Z",
        delivered_at: null,
        request: { headers: null, body: delivered.request.body },
      },
    },
  },
});
