import type { TErrorCode } from "~/server/lib/errors";

/**
 * Shared parts of the OpenAPI document: the spec's error envelope, the error responses every
 * operation refers to (with example bodies), and the rate-limit headers.
 */

/** Error codes the REST edge can answer (server/lib/errors.ts), in the order of the spec's table. */
const REST_ERROR_CODES = [
  "validation_error",
  "tracking_limit_reached",
  "not_authenticated",
  "authentication_failed",
  "permission_denied",
  "not_found",
  "cursor_expired",
  "payload_too_large",
  "throttled",
  "internal_error",
  "semantic_unavailable",
  "service_unavailable",
] as const satisfies readonly TErrorCode[];

export const ERROR_SCHEMA = {
  type: "object",
  description: "The error envelope of every 4xx and 5xx answer.",
  required: ["error", "message"],
  properties: {
    error: { type: "string", description: "Machine-readable error code", enum: [...REST_ERROR_CODES] },
    message: { type: "string", description: "Human-readable explanation" },
    details: {
      type: "object",
      description: "validation_error only: the messages for each invalid parameter (or body field)",
      additionalProperties: { type: "array", items: { type: "string" } },
    },
    plan: { type: "string", enum: ["free", "paid"], description: "throttled only: the account's plan" },
    reset_at: { type: "string", format: "date-time", description: "throttled on a paid plan: when the daily quota resets" },
  },
} as const;

const header = (description: string, type: "integer" | "string" = "integer") => ({ description, schema: { type } });

export const HEADERS = {
  "X-RateLimit-Limit": header("Requests allowed in the quota period (absent for unlimited accounts)"),
  "X-RateLimit-Remaining": header("Requests left in the quota period (absent for unlimited accounts)"),
  "X-RateLimit-Reset": header("Daily plans: epoch seconds of the next reset (00:00 UTC)"),
  "Retry-After": header("Seconds until the quota resets (daily plans only; a free plan's lifetime quota never resets)"),
  "WWW-Authenticate": header(
    '401: `Bearer resource_metadata="<base>/.well-known/oauth-protected-resource/v1"` (where an OAuth client finds the authorization server); ' +
      '403 for an OAuth token without the operation\'s scope: `Bearer error="insufficient_scope", scope="<scope>"`',
    "string",
  ),
};

const CHALLENGE = { "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" } };
const INSUFFICIENT_SCOPE: TExample = {
  summary: "An OAuth access token without the operation's scope",
  value: { error: "permission_denied", message: "This access token lacks the scope 'cards:read'. Ask for it when authorizing." },
};

const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
};

/** The headers of every successful answer to a counted request. */
export const SUCCESS_HEADERS = RATE_LIMIT_HEADERS;

type TExample = { summary: string; value: Record<string, unknown> };

function errorResponse(description: string, examples: Record<string, TExample>, headers?: Record<string, unknown>) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
  };
}

/** A 503 while the database cannot be reached (server/db/availability.ts). */
const SERVICE_UNAVAILABLE_EXAMPLE = {
  summary: "The database cannot be reached (a restart, an outage)",
  value: { error: "service_unavailable", message: "The database is not reachable right now; try again in a few seconds." },
};
const RETRY_LATER = { "Retry-After": header("service_unavailable only: seconds to wait before trying again") };

/** The reusable error responses, named by what they mean; operations list the ones they can answer. */
export const ERROR_RESPONSES = {
  ValidationError: errorResponse("Invalid input (`validation_error`): `details` names each invalid parameter.", {
    validation_error: {
      summary: "An invalid parameter",
      value: {
        error: "validation_error",
        message: "Invalid value for limit: must be at least 1.",
        details: { limit: ["must be at least 1"] },
      },
    },
    unknown_parameter: {
      summary: "An unknown parameter",
      value: {
        error: "validation_error",
        message: "Invalid value for stage: unknown parameter.",
        details: { stage: ["unknown parameter"] },
      },
    },
  }),
  TrackingLimitOrInvalid: errorResponse(
    "Invalid input (`validation_error`), or the source's tracking limit is reached (`tracking_limit_reached`).",
    {
      validation_error: {
        summary: "An identifier of the other source",
        value: {
          error: "validation_error",
          message: "network_b_url: cannot be used with source network_a (use username, network_a_url)",
          details: { network_b_url: ["cannot be used with source network_a (use username, network_a_url)"] },
        },
      },
      tracking_limit_reached: {
        summary: "No free place on the source",
        value: {
          error: "tracking_limit_reached",
          message: "The tracking limit of 100 profiles on Network A is reached. Stop tracking or remove some before adding more.",
        },
      },
    },
  ),
  NotAuthenticated: errorResponse(
    "The token is missing (`not_authenticated`) or invalid, expired or revoked (`authentication_failed`).",
    {
      not_authenticated: {
        summary: "No Authorization header",
        value: {
          error: "not_authenticated",
          message:
            "Authentication credentials were not provided. Send 'Authorization: Token <API_TOKEN>' or 'Authorization: Bearer <ACCESS_TOKEN>'.",
        },
      },
      authentication_failed: {
        summary: "Unknown, expired or revoked token",
        value: { error: "authentication_failed", message: "Invalid token." },
      },
    },
    CHALLENGE,
  ),
  PermissionDenied: errorResponse(
    "The token's account lacks the permission, or an OAuth token lacks the operation's scope (`permission_denied`).",
    {
      collections_only: {
        summary: "A collections-only account outside the collection endpoints",
        value: { error: "permission_denied", message: "This account is limited to collections and cannot use this endpoint." },
      },
      insufficient_scope: INSUFFICIENT_SCOPE,
    },
    CHALLENGE,
  ),
  RawDataPermissionDenied: errorResponse(
    "The account has no raw-data access, or an OAuth token lacks `network_a:read` (`permission_denied`).",
    {
      no_permission: {
        summary: "An account without the raw-data permission",
        value: {
          error: "permission_denied",
          message: "This endpoint is restricted: the account has no access to raw data. Contact support to request access.",
        },
      },
      insufficient_scope: {
        summary: "An OAuth access token without network_a:read",
        value: { error: "permission_denied", message: "This access token lacks the scope 'network_a:read'. Ask for it when authorizing." },
      },
    },
    CHALLENGE,
  ),
  NotFound: errorResponse("The resource named in the path does not exist for this account (`not_found`).", {
    not_found: { summary: "Unknown identifier", value: { error: "not_found", message: "Card not found." } },
  }),
  CursorExpired: errorResponse("The cursor is older than the deletions the feed keeps (`cursor_expired`): read again without a cursor.", {
    cursor_expired: {
      summary: "A cursor from before the retention",
      value: {
        error: "cursor_expired",
        message: "This cursor is older than the deletions the feed keeps: read the feed again from the start (without a cursor).",
      },
    },
  }),
  PayloadTooLarge: errorResponse("The request body is larger than 1 MB (`payload_too_large`).", {
    payload_too_large: { summary: "Body over 1 MB", value: { error: "payload_too_large", message: "The request body is too large." } },
  }),
  Throttled: errorResponse(
    "The plan's request quota is used up (`throttled`). Refused requests are not counted.",
    {
      paid: {
        summary: "Paid plan: daily quota, resets at 00:00 UTC",
        value: {
          error: "throttled",
          message: "Request quota exceeded: the paid plan has a daily limit of 500 requests. The quota resets at 00:00 UTC.",
          plan: "paid",
          reset_at: "2026-11-26T00:00:00.000Z",
        },
      },
      free: {
        summary: "Free plan: lifetime quota, never resets",
        value: {
          error: "throttled",
          message: "Request quota exceeded: the free plan has a lifetime limit of 100 requests. Upgrade to a paid plan to continue.",
          plan: "free",
        },
      },
    },
    { "Retry-After": { $ref: "#/components/headers/Retry-After" }, ...RATE_LIMIT_HEADERS },
  ),
  InternalError: errorResponse("An unexpected server error (`internal_error`); it is logged, and the body reveals nothing.", {
    internal_error: {
      summary: "Server error",
      value: { error: "internal_error", message: "An internal error occurred. It has been logged." },
    },
  }),
  ServiceUnavailable: errorResponse(
    "The database cannot be reached right now (`service_unavailable`): try again after `Retry-After` seconds.",
    { service_unavailable: SERVICE_UNAVAILABLE_EXAMPLE },
    RETRY_LATER,
  ),
  SemanticUnavailable: errorResponse(
    "`semantic=true` while embeddings are unavailable (`semantic_unavailable`), or the database cannot be reached right now (`service_unavailable`, with `Retry-After`).",
    {
      semantic_unavailable: {
        summary: "Embeddings turned off on the server",
        value: { error: "semantic_unavailable", message: "Semantic search is unavailable: embeddings are turned off on this server." },
      },
      service_unavailable: SERVICE_UNAVAILABLE_EXAMPLE,
    },
    RETRY_LATER,
  ),
};

export type TErrorResponseName = keyof typeof ERROR_RESPONSES;
