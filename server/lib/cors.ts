/**
 * CORS for the endpoints browser apps call across origins (docs/oauth.md): the REST API, the token
 * and revocation endpoints, the metadata documents and the MCP server. No credentials are involved
 * (tokens travel in the Authorization header), so any origin may call them; never the
 * authorization page, the browser workspace or its /api routes.
 */
const CORS_PATHS = [/^\/v1(\/|$)/, /^\/oauth\/(token|revoke)\/?$/, /^\/\.well-known\//, /^\/mcp\/?$/];

export function isCorsPath(pathname: string): boolean {
  return CORS_PATHS.some((re) => re.test(pathname));
}

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, WWW-Authenticate",
};

/** The answer to a preflight (OPTIONS) request on a CORS path. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id",
  "Access-Control-Max-Age": "86400",
  Vary: "Access-Control-Request-Headers",
};
