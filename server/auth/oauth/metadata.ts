import { env } from "../../env";
import { issuer } from "./authorize";
import { OAUTH_SCOPES } from "../../domain/access/scopes";
import { GRANT_TYPES } from "./server";

/** `GET /.well-known/oauth-authorization-server` (RFC 8414). */
export function authorizationServerMetadata() {
  const base = issuer();
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    introspection_endpoint: `${base}/oauth/introspect`,
    ...(env().OAUTH_DYNAMIC_REGISTRATION === "1" ? { registration_endpoint: `${base}/oauth/register` } : {}),
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

export const PROTECTED_RESOURCES = {
  v1: { name: "Venture Monitor REST API", documentation: "/docs" },
  mcp: { name: "Venture Monitor MCP server", documentation: "/docs" },
} as const;
export type TProtectedResource = keyof typeof PROTECTED_RESOURCES;

export const isProtectedResource = (s: string): s is TProtectedResource => Object.hasOwn(PROTECTED_RESOURCES, s);

/** The identifiers of the protected resources (`<BASE_URL>/v1`, `<BASE_URL>/mcp`), as their metadata names them. */
export const resourceIndicators = (): string[] => Object.keys(PROTECTED_RESOURCES).map((r) => `${issuer()}/${r}`);

/** The identifier of one protected resource (`<BASE_URL>/mcp`), as a token's audience names it. */
export const resourceIndicator = (resource: TProtectedResource): string => `${issuer()}/${resource}`;

/** The protected resources that valid `resource` parameters name, each once, in a fixed order. */
export function namedResources(indicators: string[]): TProtectedResource[] {
  return (Object.keys(PROTECTED_RESOURCES) as TProtectedResource[]).filter((r) => indicators.includes(resourceIndicator(r)));
}

/**
 * RFC 8707: the `resource` parameters of an authorization or token request, each of which must be
 * one of the protected resources' identifiers. Undefined when they are (or none is given), else
 * the `invalid_target` description. Which resource a token is then for is token-audience.ts's.
 */
export function invalidTarget(resources: string[]): string | undefined {
  const known = resourceIndicators();
  const unknown = resources.find((r) => !known.includes(r));
  if (unknown === undefined) return undefined;
  return `The resource '${unknown.slice(0, 200)}' is not served by this authorization server; use ${known.join(" or ")}.`;
}

/** `GET /.well-known/oauth-protected-resource/<resource>` (RFC 9728 §3). */
export function protectedResourceMetadata(resource: TProtectedResource) {
  const base = issuer();
  return {
    resource: `${base}/${resource}`,
    authorization_servers: [base],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: PROTECTED_RESOURCES[resource].name,
    resource_documentation: `${base}${PROTECTED_RESOURCES[resource].documentation}`,
  };
}
