import type { AnyRouter } from "@trpc/server";
import type { TContract } from "./contract";
import { appRouter } from "./root";
import type { TMeta } from "./contract";

/**
 * Every /v1 operation's contract, read from the metadata of the procedures that serve them, in the
 * app router's order (the order of the OpenAPI document). The document (rest/openapi.ts) and the
 * catalog (catalog.ts) are built from this list. A procedure exported to REST without a contract
 * is an error here, so every operation is described in full or the service does not start.
 */

export interface TRoutedContract {
  /** The procedure's path in the app router ("cards.detail"). */
  procedure: string;
  contract: TContract;
}

let cached: TRoutedContract[] | undefined;

export function restContracts(): TRoutedContract[] {
  cached ??= contractsOf(appRouter);
  return cached;
}

/** The contracts of a router's REST procedures, in its order. */
export function contractsOf(router: AnyRouter): TRoutedContract[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: TMeta } }>;
  const out: TRoutedContract[] = [];
  for (const [procedure, p] of Object.entries(procedures)) {
    const meta = p._def.meta;
    if (!meta?.openapi) continue;
    if (!meta.contract) throw new Error(`${procedure} is exported to REST without a contract (.meta(restMeta(contract)))`);
    out.push({ procedure, contract: meta.contract });
  }
  return out;
}
