import { scopesAllow } from "~/server/domain/access/scopes";
import { capabilitiesFor } from "~/server/domain/access/catalog";
import { readAccess } from "~/server/domain/access/quota";
import { iso } from "~/server/lib/format";
import { restMeta } from "~/server/api/contract";
import { authedProcedure, type TContext } from "~/server/api/trpc";
import type { TAuth, TValidateTokenResponse } from "./validate.types";
import { validateTokenContract } from "./validate.contract";

/** How the request authenticated: an OAuth token names its app, scopes and expiry. */
function authOf(caller: TContext["caller"]): TAuth {
  if (caller.kind === "oauth") {
    const { clientId, clientName, scopes, expiresAt } = caller.grant;
    return { type: "oauth", client_id: clientId, client_name: clientName, scopes, expires_at: iso(expiresAt) };
  }
  return { type: caller.kind === "session" ? "session" : "api_token" };
}

export const validateTokenRoute = authedProcedure
  .meta(restMeta(validateTokenContract))
  .input(validateTokenContract.input)
  .output(validateTokenContract.output)
  .query(async ({ ctx }): Promise<TValidateTokenResponse> => {
    // The validation request itself has been counted already (token callers); sessions only read.
    const { resetAt: _resetAt, ...access } = ctx.access ?? (await readAccess(ctx.db, ctx.account));
    const { caller } = ctx;
    const reaches = caller.kind === "oauth" ? (c: Parameters<typeof scopesAllow>[0]) => scopesAllow(c, caller.grant.scopes) : undefined;
    return { data: { access, capabilities: capabilitiesFor(ctx.account, reaches), scope: ctx.account.scope, auth: authOf(caller) } };
  });
