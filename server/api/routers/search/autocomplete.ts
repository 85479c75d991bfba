import { onReplica } from "~/server/db/replicas";
import { autocomplete } from "~/server/domain/autocomplete/autocomplete";
import type { TAutocompleteType } from "~/server/domain/autocomplete/types";
import type { TOAuthScope } from "~/server/domain/access/scopes";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure, type TContext } from "~/server/api/trpc";
import { autocompleteContract } from "./autocomplete.contract";
import type { TAutocompleteResponse } from "./autocomplete.types";

/** The OAuth scope each kind needs beyond the endpoint's own (`cards:read`). */
const KIND_SCOPES: Partial<Record<TAutocompleteType, TOAuthScope>> = { participant: "participants:read", founder: "network_a:read" };

/** Whether the caller may read a kind: the account's raw-data permission for founders, an OAuth token's scopes. */
function readableBy(caller: TContext["caller"], permissions: readonly string[]) {
  return (type: TAutocompleteType): boolean => {
    if (type === "founder" && !permissions.includes("network_a_profiles")) return false;
    const scope = KIND_SCOPES[type];
    return !scope || caller.kind !== "oauth" || caller.grant.scopes.includes(scope);
  };
}

export const autocompleteRoute = protectedProcedure
  .meta(restMeta(autocompleteContract))
  .input(autocompleteContract.input)
  .output(autocompleteContract.output)
  .query(async ({ ctx, input }): Promise<TAutocompleteResponse> => {
    const caller = { accountId: ctx.account.id, mayRead: readableBy(ctx.caller, ctx.account.permissions) };
    const query = { q: input.q!, types: input.types as TAutocompleteType[] | undefined, limit: input.limit };
    const { hits, types } = await onReplica(ctx.db, (db) => autocomplete(db, caller, query));
    return { data: hits, meta: { total: hits.length, types } };
  });
