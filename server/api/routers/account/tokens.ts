import { createApiToken } from "~/server/domain/accounts/api-tokens";
import { accountTokens, revokeAccountToken } from "~/server/domain/accounts/own-tokens";
import { authedProcedure } from "~/server/api/trpc";
import { ZCreateTokenRequest, ZCreateTokenResponse, ZRevokeTokenRequest, ZTokenListItem } from "./tokens.types";

/** The signed-in user's own API tokens (browser only: no REST export). */
export const listTokens = authedProcedure.output(ZTokenListItem.array()).query(({ ctx }) => accountTokens(ctx.db, ctx.account.id));

export const createToken = authedProcedure
  .input(ZCreateTokenRequest)
  .output(ZCreateTokenResponse)
  .mutation(async ({ ctx, input }) => {
    const expiresAt = input.expires_in_days ? new Date(Date.now() + input.expires_in_days * 86_400_000) : undefined;
    const { raw, token } = await createApiToken(ctx.db, ctx.account.id, { name: input.name, expiresAt });
    const item = (await accountTokens(ctx.db, ctx.account.id)).find((t) => t.id === token.id)!;
    return { token: raw, item };
  });

export const revokeToken = authedProcedure
  .input(ZRevokeTokenRequest)
  .output(ZTokenListItem)
  .mutation(({ ctx, input }) => revokeAccountToken(ctx.db, ctx.account.id, input.id));
