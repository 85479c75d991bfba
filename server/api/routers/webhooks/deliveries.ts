import { listDeliveries, redeliver, sendTest } from "~/server/domain/webhooks/deliveries";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { listWebhookDeliveriesContract, redeliverWebhookContract, testWebhookContract } from "./deliveries.contract";
import { heldScopes } from "./event-scopes";

export const testWebhookRoute = protectedProcedure
  .meta(restMeta(testWebhookContract))
  .input(testWebhookContract.input)
  .output(testWebhookContract.output)
  .mutation(async ({ ctx, input }) => ({ data: await sendTest(ctx.db, ctx.account.id, input.id, heldScopes(ctx.caller)) }));

export const listDeliveriesRoute = protectedProcedure
  .meta(restMeta(listWebhookDeliveriesContract))
  .input(listWebhookDeliveriesContract.input)
  .output(listWebhookDeliveriesContract.output)
  .query(async ({ ctx, input }) => {
    const r = await listDeliveries(ctx.db, ctx.account.id, input.id, {
      limit: input.limit,
      offset: input.offset,
      includeTotal: input.include_total ?? true,
      status: input.status,
      event: input.event,
      held: heldScopes(ctx.caller),
    });
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: { webhook_id: input.id } };
  });

export const redeliverRoute = protectedProcedure
  .meta(restMeta(redeliverWebhookContract))
  .input(redeliverWebhookContract.input)
  .output(redeliverWebhookContract.output)
  .mutation(async ({ ctx, input }) => ({
    data: await redeliver(ctx.db, ctx.account.id, input.id, input.delivery_id, heldScopes(ctx.caller)),
  }));
