/**
 * The events a webhook endpoint can subscribe to (docs/webhooks.md). `ping` is sent by the test
 * operation only, whatever the endpoint's subscriptions.
 */
export const WEBHOOK_EVENTS = [
  "radar.update.created",
  "radar.connection.created",
  "radar.application.failed",
  "saved_filter.cards_matched",
  "ping",
] as const;

export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events an endpoint may list (everything but ping, which needs no subscription). */
export const SUBSCRIBABLE_EVENTS = WEBHOOK_EVENTS.filter((e) => e !== "ping") as Exclude<TWebhookEvent, "ping">[];

/** The body of every delivery. `data` has the shape of the REST responses of the same object. */
export interface TEventBody {
  type: TWebhookEvent;
  timestamp: string;
  data: unknown;
}
