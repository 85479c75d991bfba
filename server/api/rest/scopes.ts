import type { TOAuthScope } from "../../auth/oauth/scopes";
import { appRouter } from "../root";
import type { TMeta } from "../trpc";

/**
 * The OAuth scope of each REST operation, read from the procedures' metadata (the one place it is
 * declared), keyed "METHOD /path/" as the OpenAPI document's operations are.
 */
export function operationScopes(): Map<string, TOAuthScope | "none" | undefined> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: TMeta } }>;
  const out = new Map<string, TOAuthScope | "none" | undefined>();
  for (const p of Object.values(procedures)) {
    const meta = p._def.meta;
    if (!meta?.openapi) continue;
    const path = meta.openapi.path.endsWith("/") ? meta.openapi.path : `${meta.openapi.path}/`;
    out.set(`${meta.openapi.method} ${path}`, meta.scope);
  }
  return out;
}
