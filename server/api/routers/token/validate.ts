import { capabilitiesFor } from "../../../domain/access/catalog";
import { readAccess } from "../../../domain/access/quota";
import { authedProcedure } from "../../trpc";
import { ZValidateTokenRequest, ZValidateTokenResponse, type TValidateTokenResponse } from "./validate.types";

export const validateTokenRoute = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/token/validate/",
      tags: ["Utilities"],
      summary: "Validate the token; returns its access (plan and quota), capabilities and scope",
    },
  })
  .input(ZValidateTokenRequest)
  .output(ZValidateTokenResponse)
  .query(async ({ ctx }): Promise<TValidateTokenResponse> => {
    // The validation request itself has been counted already (token callers); sessions only read.
    const { resetAt: _resetAt, ...access } = ctx.access ?? (await readAccess(ctx.db, ctx.account));
    return { data: { access, capabilities: capabilitiesFor(ctx.account), scope: ctx.account.scope } };
  });
