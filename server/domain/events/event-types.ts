import { AppError } from "~/server/lib/errors";
import type { TOAuthScope } from "../access/scopes";

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

/**
 * The OAuth scope that reads each event's data: an endpoint's owner receives radar and card data
 * through it, so subscribing to an event (and reading its bodies in the delivery log) needs the
 * same scope as reading that data over the API. `ping` carries none of the account's data.
 */
const EVENT_READ_SCOPE: Readonly<Record<TWebhookEvent, TOAuthScope | null>> = {
  "radar.update.created": "radar:read",
  "radar.connection.created": "radar:read",
  "radar.application.failed": "radar:read",
  "saved_filter.cards_matched": "cards:read",
  ping: null,
};

/** The scopes a caller holds: an OAuth token's granted ones, or every scope (API token, browser session). */
export type THeldScopes = readonly string[] | "all";

export function mayReadEvent(event: TWebhookEvent, held: THeldScopes): boolean {
  const needed = EVENT_READ_SCOPE[event];
  return held === "all" || needed === null || held.includes(needed);
}

/** The first scope the caller lacks to receive these events (undefined: it may receive them all). */
function missingEventScope(events: readonly TWebhookEvent[], held: THeldScopes): TOAuthScope | undefined {
  const event = events.find((e) => !mayReadEvent(e, held));
  return event === undefined ? undefined : (EVENT_READ_SCOPE[event] ?? undefined);
}

/**
 * Refuses a caller that lacks the read scope of any of `events`: `403 permission_denied` with an
 * `insufficient_scope` challenge naming the scope, as for an operation's own scope. `doing` says
 * what needed it ("receiving", "managing an endpoint that receives").
 */
export function requireEventScopes(events: readonly TWebhookEvent[], held: THeldScopes, doing: string): void {
  const missing = missingEventScope(events, held);
  if (!missing) return;
  const named = events.filter((e) => missingEventScope([e], held) === missing).join(", ");
  throw new AppError(
    "permission_denied",
    `This access token lacks the scope '${missing}', which ${doing} ${named} needs. Ask for it when authorizing.`,
    {
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${missing}"` },
    },
  );
}
