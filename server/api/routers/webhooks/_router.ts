import { createTRPCRouter } from "~/server/api/trpc";
import { listDeliveriesRoute, redeliverRoute, testWebhookRoute } from "./deliveries";
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookRoute,
  listWebhooksRoute,
  rotateWebhookSecretRoute,
  updateWebhookRoute,
} from "./endpoints";

/** Outgoing webhooks (docs/webhooks.md): endpoints, their deliveries, test and redelivery. */
export const webhooksRouter = createTRPCRouter({
  create: createWebhookRoute,
  list: listWebhooksRoute,
  get: getWebhookRoute,
  update: updateWebhookRoute,
  delete: deleteWebhookRoute,
  test: testWebhookRoute,
  rotateSecret: rotateWebhookSecretRoute,
  deliveries: listDeliveriesRoute,
  redeliver: redeliverRoute,
});
