import { z } from "zod";
import { zBodyBool, zJsonValue } from "~/server/domain/radar/identifiers";
import { DELIVERY_STATUSES } from "~/server/domain/webhooks/deliveries";
import { SUBSCRIBABLE_EVENTS, WEBHOOK_EVENTS } from "~/server/domain/events/event-types";
import { listEnvelope } from "~/server/api/envelope";
import { zBool, zChoice, zLimit, zOffset, zPathId } from "~/server/lib/params";

/** Schemas of the webhook procedures (/v1/webhooks/...): bodies are typed JSON, never coerced. */

const EVENT_LIST = SUBSCRIBABLE_EVENTS.join(", ");

const zUrl = () =>
  zJsonValue(
    "a URL",
    z
      .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be a URL (string)") })
      .trim()
      .min(1, "must not be empty")
      .max(2000, "must be at most 2000 characters"),
  );

const zEvents = () =>
  zJsonValue(
    "an array of event names",
    z
      .array(z.enum(SUBSCRIBABLE_EVENTS as [string, ...string[]], { error: `items must be one of: ${EVENT_LIST}` }), {
        error: (iss) => (iss.input === undefined ? "is required" : "must be an array of event names"),
      })
      .min(1, "must name at least one event")
      .max(SUBSCRIBABLE_EVENTS.length * 2, "has too many items"),
  );

const zDescription = () =>
  zJsonValue("a string", z.string({ error: "must be a string" }).trim().max(500, "must be at most 500 characters").optional());

export const ZCreateWebhookRequest = z.object({ url: zUrl(), events: zEvents(), description: zDescription() }).strict();

const ZIdPath = { id: zPathId() };
export const ZWebhookIdRequest = z.object(ZIdPath).strict();

export const ZUpdateWebhookRequest = z
  .object({ ...ZIdPath, url: zUrl().optional(), events: zEvents().optional(), description: zDescription(), enabled: zBodyBool() })
  .strict();

export const ZListDeliveriesRequest = z
  .object({
    ...ZIdPath,
    limit: zLimit(100, 50),
    offset: zOffset(),
    include_total: zBool(),
    status: zChoice(DELIVERY_STATUSES).describe("Deliveries in this state only: pending, delivering, succeeded or failed."),
    event: zChoice(WEBHOOK_EVENTS).describe("Deliveries of this event type only."),
  })
  .strict();

export const ZRedeliverRequest = z
  .object({ ...ZIdPath, delivery_id: zPathId().describe("The delivery's id (from the endpoint's delivery log).") })
  .strict();

const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe("why the endpoint is disabled (by the account, or after 5 days of failed deliveries)"),
  created_at: z.string(),
  updated_at: z.string(),
});

const ZWebhookWithSecret = ZWebhook.extend({
  secret: z.string().describe("the signing secret (whsec_...): shown only in this answer"),
});

const ZDelivery = z.object({
  id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  webhook_id: z.string().describe("the webhook-id header: the same on every attempt and redelivery"),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable().describe("the first 1 KB of the last response's body"),
  error: z.string().nullable().describe("why the last attempt failed when it got no usable answer"),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  request: z.object({
    headers: z.record(z.string(), z.string()).nullable().describe("headers of the last attempt (null before the first)"),
    body: z
      .unknown()
      .describe(
        "the event: {type, timestamp, data}; null when the OAuth access token lacks the read scope of the event's data (radar:read for radar.* events, cards:read for saved_filter.cards_matched)",
      ),
  }),
});

export const ZWebhookResponse = z.object({ data: ZWebhook });
export const ZWebhookWithSecretResponse = z.object({ data: ZWebhookWithSecret });
export const ZWebhookListResponse = z.object({ data: z.array(ZWebhook), meta: z.object({ total: z.number().int() }) });
export const ZWebhookDeletedResponse = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) });
export const ZDeliveryResponse = z.object({ data: ZDelivery });
export const ZDeliveryListResponse = listEnvelope(ZDelivery, z.object({ webhook_id: z.number().int() }));
