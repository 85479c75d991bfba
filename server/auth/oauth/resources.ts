import { env } from "~/server/env";

/**
 * The authorization server's issuer and the protected resources it issues tokens for (RFC 8707
 * resource indicators, RFC 9728 metadata): who names what, used by the authorization and token
 * endpoints, the token model and the metadata documents.
 */

/** The issuer (RFC 8414 `issuer`, RFC 9207 `iss`): the service's public address. */
export const issuer = () => env().BASE_URL;

export const PROTECTED_RESOURCES = {
  v1: { name: "Venture Monitor REST API", documentation: "/docs" },
  mcp: { name: "Venture Monitor MCP server", documentation: "/docs" },
} as const;
export type TProtectedResource = keyof typeof PROTECTED_RESOURCES;

export const isProtectedResource = (s: string): s is TProtectedResource => Object.hasOwn(PROTECTED_RESOURCES, s);

/** The identifiers of the protected resources (`<BASE_URL>/v1`, `<BASE_URL>/mcp`), as their metadata names them. */
const resourceIndicators = (): string[] => Object.keys(PROTECTED_RESOURCES).map((r) => `${issuer()}/${r}`);

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
