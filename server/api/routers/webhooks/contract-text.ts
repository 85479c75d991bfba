import type { TOperationDoc } from "~/server/api/contract";
import type { TErrorResponseName } from "~/server/api/rest/oas/components";

/** Text shared by the webhook contracts (/v1/webhooks/...): endpoints that receive signed events, their delivery log. */

export const webhookDoc = (
  operationId: string,
  summary: string,
  description: string,
  returns: string,
  errors: TErrorResponseName[],
  page?: TOperationDoc["page"],
): TOperationDoc => ({
  operationId,
  tag: "Webhooks",
  summary,
  description,
  returns,
  errors: ["PermissionDenied", ...errors],
  ...(page ? { page } : {}),
});

export const EVENTS = `Events: \`radar.update.created\`, \`radar.connection.created\`, \`radar.application.failed\`,
\`saved_filter.cards_matched\` (\`ping\` is sent by the test operation only).`;
export const EVENT_SCOPES = `With an OAuth access token, subscribing to an event also needs the scope that reads its data:
\`radar:read\` for the \`radar.*\` events, \`cards:read\` for \`saved_filter.cards_matched\` (403
\`permission_denied\`, \`insufficient_scope\`, otherwise).`;
export const ENDPOINT_SCOPES = `With an OAuth access token, every call on an existing endpoint but reading it also needs the
read scope of each event the endpoint is subscribed to (403 \`permission_denied\`, \`insufficient_scope\`,
otherwise): the endpoint carries that data.`;
export const URL_RULES = `The \`url\` is http or https, and its host must resolve to public addresses only: loopback,
private, link-local (cloud metadata), carrier-grade NAT and reserved ranges are refused with 400
\`validation_error\` (unless the server runs with \`WEBHOOKS_ALLOW_PRIVATE=1\`).`;
export const ONE = "Another account's endpoint is not found. These management calls count against the quota; deliveries never do.";
