import { env } from "~/server/env";
import { OAUTH_SCOPES } from "~/server/domain/access/scopes";
import { issuer, PROTECTED_RESOURCES, type TProtectedResource } from "./resources";
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
