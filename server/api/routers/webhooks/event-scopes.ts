import type { TCaller } from "~/server/domain/access/caller";
import { AppError } from "~/server/lib/errors";
import { missingEventScope, type THeldScopes, type TWebhookEvent } from "~/server/domain/events/event-types";

/** The scopes behind a request: an OAuth token's grant; API tokens and browser sessions hold every scope. */
export const heldScopes = (caller: TCaller): THeldScopes => (caller.kind === "oauth" ? caller.grant.scopes : "all");

/**
 * Subscribing an endpoint to events needs the read scope of their data (radar:read for radar.*,
 * cards:read for saved_filter.cards_matched): 403 permission_denied with an insufficient_scope
 * challenge naming the scope, as for an operation's own scope.
 */
export function assertEventScopes(caller: TCaller, events: readonly TWebhookEvent[]): void {
  const missing = missingEventScope(events, heldScopes(caller));
  if (!missing) return;
  const named = events.filter((e) => missingEventScope([e], heldScopes(caller)) === missing).join(", ");
  throw new AppError(
    "permission_denied",
    `This access token lacks the scope '${missing}', which receiving ${named} needs. Ask for it when authorizing.`,
    {
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${missing}"` },
    },
  );
}
