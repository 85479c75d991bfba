import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from "~/server/domain/webhooks/endpoints";
import { requireEventScopes, type TWebhookEvent } from "~/server/domain/events/event-types";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { heldScopes } from "./event-scopes";
import {
  createWebhookContract,
  deleteWebhookContract,
  getWebhookContract,
  listWebhooksContract,
  rotateWebhookSecretContract,
  updateWebhookContract,
} from "./endpoints.contract";

export const createWebhookRoute = protectedProcedure
  .meta(restMeta(createWebhookContract))
  .input(createWebhookContract.input)
  .output(createWebhookContract.output)
  .mutation(async ({ ctx, input }) => {
    const events = input.events as TWebhookEvent[];
    requireEventScopes(events, heldScopes(ctx.caller), "receiving");
    return { data: await createEndpoint(ctx.db, ctx.account.id, { ...input, events }) };
  });

export const listWebhooksRoute = protectedProcedure
  .meta(restMeta(listWebhooksContract))
  .input(listWebhooksContract.input)
  .output(listWebhooksContract.output)
  .query(async ({ ctx }) => {
    const data = await listEndpoints(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

export const getWebhookRoute = protectedProcedure
  .meta(restMeta(getWebhookContract))
  .input(getWebhookContract.input)
  .output(getWebhookContract.output)
  .query(async ({ ctx, input }) => ({ data: await getEndpoint(ctx.db, ctx.account.id, input.id) }));

export const updateWebhookRoute = protectedProcedure
  .meta(restMeta(updateWebhookContract))
  .input(updateWebhookContract.input)
  .output(updateWebhookContract.output)
  .mutation(async ({ ctx, input }) => {
    const { id, ...rest } = input;
    const events = input.events as TWebhookEvent[] | undefined;
    return { data: await updateEndpoint(ctx.db, ctx.account.id, id, { ...rest, events }, heldScopes(ctx.caller)) };
  });

export const deleteWebhookRoute = protectedProcedure
  .meta(restMeta(deleteWebhookContract))
  .input(deleteWebhookContract.input)
  .output(deleteWebhookContract.output)
  .mutation(async ({ ctx, input }) => ({ data: await deleteEndpoint(ctx.db, ctx.account.id, input.id, heldScopes(ctx.caller)) }));

export const rotateWebhookSecretRoute = protectedProcedure
  .meta(restMeta(rotateWebhookSecretContract))
  .input(rotateWebhookSecretContract.input)
  .output(rotateWebhookSecretContract.output)
  .mutation(async ({ ctx, input }) => ({ data: await rotateSecret(ctx.db, ctx.account.id, input.id, heldScopes(ctx.caller)) }));
