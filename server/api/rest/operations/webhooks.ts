import type { TErrorResponseName } from "../oas/components";
import type { TOperationDoc, TOperationTable } from "../oas/types";

/** Webhooks (/v1/webhooks/...): endpoints that receive signed events, their delivery log. */

const op = (
  operationId: string,
  summary: string,
  description: string,
  returns: string,
  errors: TErrorResponseName[],
  page?: TOperationDoc["page"],
): TOperationDoc => ({
  operationId,
  tag: "Webhooks",
  summary,
  description,
  returns,
  errors: ["PermissionDenied", ...errors],
  ...(page ? { page } : {}),
});

const EVENTS = `Events: \`radar.update.created\`, \`radar.connection.created\`, \`radar.application.failed\`,
\`saved_filter.cards_matched\` (\`ping\` is sent by the test operation only).`;
const EVENT_SCOPES = `With an OAuth access token, subscribing to an event also needs the scope that reads its data:
\`radar:read\` for the \`radar.*\` events, \`cards:read\` for \`saved_filter.cards_matched\` (403
\`permission_denied\`, \`insufficient_scope\`, otherwise).`;
const URL_RULES = `The \`url\` is http or https, and its host must resolve to public addresses only: loopback,
private, link-local (cloud metadata), carrier-grade NAT and reserved ranges are refused with 400
\`validation_error\` (unless the server runs with \`WEBHOOKS_ALLOW_PRIVATE=1\`).`;
const ONE = "Another account's endpoint is not found. These management calls count against the quota; deliveries never do.";

export const WEBHOOK_OPERATIONS: TOperationTable = {
  "POST /webhooks/": op(
    "createWebhook",
    "Create a webhook endpoint",
    `Creates an endpoint that receives the listed \`events\` as signed POST requests (Standard Webhooks:
headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). The answer carries the signing
\`secret\` (\`whsec_...\`) once: store it, it is never shown again (rotate it to get a new one).
${EVENTS} ${EVENT_SCOPES} ${URL_RULES} An account has at most 20 endpoints: one more is refused with 400 \`validation_error\`
naming \`url\`.`,
    "The new endpoint with its signing secret",
    ["ValidationError"],
  ),
  "GET /webhooks/": op(
    "listWebhooks",
    "List webhook endpoints",
    "Returns your webhook endpoints, oldest first, without their secrets. Takes no parameters.",
    "The endpoints with meta.total",
    ["ValidationError"],
  ),
  "GET /webhooks/{id}/": op("getWebhook", "Get a webhook endpoint", `Returns one endpoint without its secret. ${ONE}`, "The endpoint", [
    "ValidationError",
    "NotFound",
  ]),
  "PATCH /webhooks/{id}/": op(
    "updateWebhook",
    "Change a webhook endpoint",
    `Changes the given fields: \`url\`, \`events\`, \`description\`, \`enabled\`. Disabling pauses deliveries
(they wait); enabling resumes them at once, also after the endpoint was disabled automatically
(every delivery failed for 5 days; \`disabled_reason\` says so). ${EVENT_SCOPES} A new \`url\` without
\`events\` needs the scopes of the events already subscribed. ${URL_RULES} ${ONE}`,
    "The endpoint",
    ["ValidationError", "NotFound"],
  ),
  "DELETE /webhooks/{id}/": op(
    "deleteWebhook",
    "Delete a webhook endpoint",
    `Deletes the endpoint with its delivery log; queued deliveries are dropped. ${ONE}`,
    "The removed id",
    ["ValidationError", "NotFound"],
  ),
  "POST /webhooks/{id}/test/": op(
    "testWebhook",
    "Send a test event",
    `Queues a \`ping\` event to the endpoint and returns its delivery (pending; its outcome appears in the
delivery log within seconds). ${ONE}`,
    "The queued delivery",
    ["ValidationError", "NotFound"],
  ),
  "POST /webhooks/{id}/rotate-secret/": op(
    "rotateWebhookSecret",
    "Rotate the signing secret",
    `Generates a new signing secret and returns it once. For 24 hours every delivery is signed with both
the new and the previous secret (two signatures in \`webhook-signature\`), so the receiver can switch
without rejecting deliveries. ${ONE}`,
    "The endpoint with its new secret",
    ["ValidationError", "NotFound"],
  ),
  "GET /webhooks/{id}/deliveries/": op(
    "listWebhookDeliveries",
    "List an endpoint's deliveries",
    `Returns the endpoint's deliveries, newest first: the event, \`status\` (pending, delivering, succeeded,
failed), \`attempts\`, the last response's status and first 1 KB of its body, or the \`error\` when
there was no usable answer (timeout, refused address, redirect), timings, and the request (headers of
the last attempt, body; the body is null for an OAuth access token without the read scope of the
event's data: \`radar:read\` for \`radar.*\`, \`cards:read\` for \`saved_filter.cards_matched\`). Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.
Filters: \`status\`, \`event\`. Paging: \`limit\` (default 50, at most 100), \`offset\`, \`include_total\`. ${ONE}`,
    "A page of deliveries with pagination",
    ["ValidationError", "NotFound"],
    { default: 50, max: 100 },
  ),
  "POST /webhooks/{id}/deliveries/{delivery_id}/redeliver/": op(
    "redeliverWebhook",
    "Redeliver a delivery",
    `Queues the delivery's event again to the endpoint, with the same body and \`webhook-id\` (a receiver
that deduplicates on it treats it as the same message), and returns the new delivery. ${ONE}`,
    "The queued delivery",
    ["ValidationError", "NotFound"],
  ),
};
