import type { TCaller } from "~/server/domain/access/caller";
import type { THeldScopes } from "~/server/domain/events/event-types";

/** The scopes behind a request: an OAuth token's grant; API tokens and browser sessions hold every scope. */
export const heldScopes = (caller: TCaller): THeldScopes => (caller.kind === "oauth" ? caller.grant.scopes : "all");
