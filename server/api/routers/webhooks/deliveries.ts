import { listDeliveries, redeliver, sendTest } from "../../../domain/webhooks/deliveries";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import { webhookMeta } from "./endpoints";
import { heldScopes } from "./event-scopes";
import { ZDeliveryListResponse, ZDeliveryResponse, ZListDeliveriesRequest, ZRedeliverRequest, ZWebhookIdRequest } from "./webhooks.types";

export const testWebhookRoute = protectedProcedure
  .meta(webhookMeta("POST", "/webhooks/{id}/test/", "Send a ping event to the endpoint (queued at once)"))
  .input(ZWebhookIdRequest)
  .output(ZDeliveryResponse)
  .mutation(async ({ ctx, input }) => ({ data: await sendTest(ctx.db, ctx.account.id, input.id) }));

export const listDeliveriesRoute = protectedProcedure
  .meta(webhookMeta("GET", "/webhooks/{id}/deliveries/", "The endpoint's deliveries, newest first (status, event filters)"))
  .input(ZListDeliveriesRequest)
  .output(ZDeliveryListResponse)
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
  .meta(webhookMeta("POST", "/webhooks/{id}/deliveries/{delivery_id}/redeliver/", "Send a delivery again (same body and webhook-id), queued at once"))
  .input(ZRedeliverRequest)
  .output(ZDeliveryResponse)
  .mutation(async ({ ctx, input }) => ({ data: await redeliver(ctx.db, ctx.account.id, input.id, input.delivery_id, heldScopes(ctx.caller)) }));
