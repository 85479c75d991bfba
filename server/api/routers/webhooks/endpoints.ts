import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from "../../../domain/webhooks/endpoints";
import type { TWebhookEvent } from "../../../domain/webhooks/events";
import { protectedProcedure } from "../../trpc";
import { assertEventScopes } from "./event-scopes";
import {
  WEBHOOK_TAGS,
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhookDeletedResponse,
  ZWebhookIdRequest,
  ZWebhookListResponse,
  ZWebhookResponse,
  ZWebhookWithSecretResponse,
} from "./webhooks.types";
import { z } from "zod";

export const webhookMeta = (method: "GET" | "PATCH" | "POST" | "DELETE", path: `/${string}`, summary: string) => ({
  scope: "webhooks:manage" as const,
  openapi: { method, path, tags: WEBHOOK_TAGS, summary },
});

export const createWebhookRoute = protectedProcedure
  .meta(webhookMeta("POST", "/webhooks/", "Create a webhook endpoint {url, events, description?}; answers its signing secret once"))
  .input(ZCreateWebhookRequest)
  .output(ZWebhookWithSecretResponse)
  .mutation(async ({ ctx, input }) => {
    const events = input.events as TWebhookEvent[];
    assertEventScopes(ctx.caller, events);
    return { data: await createEndpoint(ctx.db, ctx.account.id, { ...input, events }) };
  });

export const listWebhooksRoute = protectedProcedure
  .meta(webhookMeta("GET", "/webhooks/", "The account's webhook endpoints"))
  .input(z.object({}).strict())
  .output(ZWebhookListResponse)
  .query(async ({ ctx }) => {
    const data = await listEndpoints(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

export const getWebhookRoute = protectedProcedure
  .meta(webhookMeta("GET", "/webhooks/{id}/", "One webhook endpoint"))
  .input(ZWebhookIdRequest)
  .output(ZWebhookResponse)
  .query(async ({ ctx, input }) => ({ data: await getEndpoint(ctx.db, ctx.account.id, input.id) }));

export const updateWebhookRoute = protectedProcedure
  .meta(webhookMeta("PATCH", "/webhooks/{id}/", "Change url, events, description or enabled (enabling resumes deliveries)"))
  .input(ZUpdateWebhookRequest)
  .output(ZWebhookResponse)
  .mutation(async ({ ctx, input }) => {
    const { id, ...rest } = input;
    const events = input.events as TWebhookEvent[] | undefined;
    // New events are subscribed; a new URL receives the events already subscribed.
    if (events !== undefined) assertEventScopes(ctx.caller, events);
    else if (input.url !== undefined) assertEventScopes(ctx.caller, (await getEndpoint(ctx.db, ctx.account.id, id)).events);
    return { data: await updateEndpoint(ctx.db, ctx.account.id, id, { ...rest, events }) };
  });

export const deleteWebhookRoute = protectedProcedure
  .meta(webhookMeta("DELETE", "/webhooks/{id}/", "Delete a webhook endpoint and its delivery log"))
  .input(ZWebhookIdRequest)
  .output(ZWebhookDeletedResponse)
  .mutation(async ({ ctx, input }) => ({ data: await deleteEndpoint(ctx.db, ctx.account.id, input.id) }));

export const rotateWebhookSecretRoute = protectedProcedure
  .meta(webhookMeta("POST", "/webhooks/{id}/rotate-secret/", "New signing secret (answered once); the previous one also signs for 24 hours"))
  .input(ZWebhookIdRequest)
  .output(ZWebhookWithSecretResponse)
  .mutation(async ({ ctx, input }) => ({ data: await rotateSecret(ctx.db, ctx.account.id, input.id) }));
