import { API_VERSION, CAPABILITIES, RESTRICTED_NOTE, type TCapability } from "../domain/access/catalog";
import { restContracts } from "./contracts";

/**
 * `GET /`: the public catalog of the API, built from the operations' contracts. Endpoints are
 * grouped by capability (in the order of CAPABILITIES) and, inside one, ordered by their contract's
 * `catalog.order`; restricted capabilities mark their endpoints with a note on how to get access.
 */
export function publicCatalog(baseUrl: string) {
  const rank = new Map((Object.keys(CAPABILITIES) as TCapability[]).map((name, i) => [name, i]));
  const contracts = restContracts()
    .map(({ contract }) => contract)
    .sort((a, b) => rank.get(a.catalog.capability)! - rank.get(b.catalog.capability)! || a.catalog.order - b.catalog.order);
  const endpoints = contracts.map(({ method, path, catalog: { capability, description } }) => ({
    method,
    path: `/v1${path}`,
    url: `${baseUrl}/v1${path}`,
    description,
    capability,
    ...(CAPABILITIES[capability].restricted ? { access: "restricted" as const, note: RESTRICTED_NOTE } : {}),
  }));
  return {
    name: "Venture Monitor API",
    base_url: `${baseUrl}/v1/`,
    version: API_VERSION,
    authentication: "Authorization: Token <API_TOKEN> on every endpoint except GET /",
    documentation: `${baseUrl}/docs`,
    openapi: `${baseUrl}/v1/openapi.json`,
    endpoints,
  };
}
