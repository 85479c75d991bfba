import { defineContract } from "~/server/api/contract";
import { z } from "zod";
import { ENDPOINT_SCOPES, EVENT_SCOPES, EVENTS, ONE, URL_RULES, webhookDoc } from "./contract-text";
import { endpoint, SECRET } from "./example-values";
import {
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhookDeletedResponse,
  ZWebhookIdRequest,
  ZWebhookListResponse,
  ZWebhookResponse,
  ZWebhookWithSecretResponse,
} from "./webhooks.types";

/**
 * The contracts (server/api/contract.ts) of:
 * - POST /v1/webhooks/
 * - GET /v1/webhooks/
 * - GET /v1/webhooks/{id}/
 * - PATCH /v1/webhooks/{id}/
 * - DELETE /v1/webhooks/{id}/
 * - POST /v1/webhooks/{id}/rotate-secret/
 */

export const createWebhookContract = defineContract({
  method: "POST",
  path: "/webhooks/",
  scope: "webhooks:manage",
  input: ZCreateWebhookRequest,
  output: ZWebhookWithSecretResponse,
  ...webhookDoc(
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
  catalog: { capability: "webhooks", order: 1, description: "Create a webhook endpoint" },
  examples: {
    body: { url: endpoint.url, events: endpoint.events, description: endpoint.description },
    response: { data: { ...endpoint, secret: SECRET } },
  },
});

export const listWebhooksContract = defineContract({
  method: "GET",
  path: "/webhooks/",
  scope: "webhooks:manage",
  input: z.object({}).strict(),
  output: ZWebhookListResponse,
  ...webhookDoc(
    "listWebhooks",
    "List webhook endpoints",
    "Returns your webhook endpoints, oldest first, without their secrets. Takes no parameters.",
    "The endpoints with meta.total",
    ["ValidationError"],
  ),
  catalog: { capability: "webhooks", order: 2, description: "List webhook endpoints" },
  examples: { response: { data: [endpoint], meta: { total: 1 } } },
});

export const getWebhookContract = defineContract({
  method: "GET",
  path: "/webhooks/{id}/",
  scope: "webhooks:manage",
  input: ZWebhookIdRequest,
  output: ZWebhookResponse,
  ...webhookDoc("getWebhook", "Get a webhook endpoint", `Returns one endpoint without its secret. ${ONE}`, "The endpoint", [
    "ValidationError",
    "NotFound",
  ]),
  catalog: { capability: "webhooks", order: 3, description: "A webhook endpoint" },
  examples: { params: { id: 3 }, response: { data: endpoint } },
});

export const updateWebhookContract = defineContract({
  method: "PATCH",
  path: "/webhooks/{id}/",
  scope: "webhooks:manage",
  input: ZUpdateWebhookRequest,
  output: ZWebhookResponse,
  ...webhookDoc(
    "updateWebhook",
    "Change a webhook endpoint",
    `Changes the given fields: \`url\`, \`events\`, \`description\`, \`enabled\`. Disabling pauses deliveries
(they wait); enabling resumes them at once, also after the endpoint was disabled automatically
(every delivery failed for 5 days; \`disabled_reason\` says so). ${EVENT_SCOPES} ${ENDPOINT_SCOPES} ${URL_RULES} ${ONE}`,
    "The endpoint",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "webhooks", order: 4, description: "Change, disable or enable an endpoint" },
  examples: {
    params: { id: 3 },
    body: { enabled: false },
    response: {
      data: { ...endpoint, enabled: false, disabled_reason: "Disabled by the account.", updated_at: "2026-11-25T15:02:40.511Z" },
    },
  },
});

export const deleteWebhookContract = defineContract({
  method: "DELETE",
  path: "/webhooks/{id}/",
  scope: "webhooks:manage",
  input: ZWebhookIdRequest,
  output: ZWebhookDeletedResponse,
  ...webhookDoc(
    "deleteWebhook",
    "Delete a webhook endpoint",
    `Deletes the endpoint with its delivery log; queued deliveries are dropped. ${ENDPOINT_SCOPES} ${ONE}`,
    "The removed id",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "webhooks", order: 5, description: "Delete an endpoint" },
  examples: { params: { id: 3 }, response: { data: { id: 3, deleted: true } } },
});

export const rotateWebhookSecretContract = defineContract({
  method: "POST",
  path: "/webhooks/{id}/rotate-secret/",
  scope: "webhooks:manage",
  input: ZWebhookIdRequest,
  output: ZWebhookWithSecretResponse,
  ...webhookDoc(
    "rotateWebhookSecret",
    "Rotate the signing secret",
    `Generates a new signing secret and returns it once. For 24 hours every delivery is signed with both
the new and the previous secret (two signatures in \`webhook-signature\`), so the receiver can switch
without rejecting deliveries. ${ENDPOINT_SCOPES} ${ONE}`,
    "The endpoint with its new secret",
    ["ValidationError", "NotFound"],
  ),
  catalog: { capability: "webhooks", order: 7, description: "Rotate the signing secret" },
  examples: {
    params: { id: 3 },
    response: { data: { ...endpoint, secret: "whsec_o2FfR1pZ0gWcUe7mKk9yN4vTq8sBxLhA", updated_at: "2026-11-25T15:10:00.000Z" } },
  },
});
