import { env } from "~/server/env";
import { AppError } from "~/server/lib/errors";

/**
 * The `WWW-Authenticate` challenges of the protected resources (RFC 6750 §3, RFC 9728 §5.1): a 401
 * points at the protected-resource metadata, from which a client finds the authorization server; a
 * 403 for a missing scope names the scope to ask for.
 */
function resourceMetadataUrl(resource: "v1" | "mcp" = "v1"): string {
  return `${env().BASE_URL}/.well-known/oauth-protected-resource/${resource}`;
}

export function unauthenticatedHeaders(error?: "invalid_token", resource: "v1" | "mcp" = "v1"): Record<string, string> {
  const params = [error ? `error="${error}"` : undefined, `resource_metadata="${resourceMetadataUrl(resource)}"`].filter(Boolean);
  return { "WWW-Authenticate": `Bearer ${params.join(", ")}` };
}

/** 403 for an OAuth token without the scope a procedure needs (none: the procedure is not open to OAuth tokens). */
export function requiredScopeError(scope: string | undefined): AppError {
  if (!scope) {
    return new AppError("permission_denied", "This endpoint cannot be used with an OAuth access token.", {
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope"` },
    });
  }
  return new AppError("permission_denied", `This access token lacks the scope '${scope}'. Ask for it when authorizing.`, {
    headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` },
  });
}
