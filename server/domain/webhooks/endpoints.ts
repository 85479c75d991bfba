import type { TDb } from "~/server/db/client";
import { notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { checkWebhookTarget, parseWebhookUrl, UnsafeUrlError } from "./address-guard";
import { requireEventScopes, type THeldScopes, type TWebhookEvent } from "../events/event-types";
import { newSecret } from "./signing";

/**
 * Webhook endpoints of one account (/v1/webhooks/). Another account's endpoint is "not found".
 * The URL passes the SSRF guard at create and update (and again at every delivery: DNS answers
 * change). The secret is answered by create and rotate only.
 *
 * An endpoint carries its events' data (radar, saved-filter matches), so acting on it (changing,
 * enabling or disabling it, deleting it, rotating its secret, testing it, reading or redelivering
 * its deliveries) needs the read scope of every event it is subscribed to, as subscribing did
 * (`held`: the caller's scopes, event-types.ts); only reading the endpoint itself does not (the
 * list shows the same). A caller without one is refused with `403 permission_denied`.
 */

const MAX_ENDPOINTS = CAPS.webhookEndpoints;
/** How long the previous secret still signs after a rotation (receivers switch keys meanwhile). */
const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export interface TEndpoint {
  id: number;
  url: string;
  description: string;
  events: TWebhookEvent[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

interface TEndpointRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const endpointPayload = (r: TEndpointRow): TEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as TWebhookEvent[],
  enabled: r.enabled,
  disabled_reason: r.enabled ? null : r.disabledReason,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** The URL as stored, after the guard: 400 validation_error naming `url` when refused. */
async function checkedUrl(raw: string): Promise<string> {
  try {
    const url = parseWebhookUrl(raw.trim());
    await checkWebhookTarget(url);
    return url.toString();
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw validationError("url", err.message);
    throw err;
  }
}

async function found(db: TDb, accountId: number, id: number) {
  const row = await db.webhookEndpoint.findFirst({ where: { id, accountId } });
  if (!row) throw notFound("Webhook endpoint");
  return row;
}

/** The owner's endpoint, for a caller that holds the read scope of every event it carries (404 for another account's). */
async function own(db: TDb, accountId: number, id: number, held: THeldScopes) {
  const row = await found(db, accountId, id);
  requireEventScopes(row.events as TWebhookEvent[], held, "managing an endpoint that receives");
  return row;
}

export async function listEndpoints(db: TDb, accountId: number): Promise<TEndpoint[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { accountId }, orderBy: { id: "asc" } });
  return rows.map(endpointPayload);
}

export async function getEndpoint(db: TDb, accountId: number, id: number): Promise<TEndpoint> {
  return endpointPayload(await found(db, accountId, id));
}

export async function createEndpoint(
  db: TDb,
  accountId: number,
  input: { url: string; events: TWebhookEvent[]; description?: string },
): Promise<TEndpoint & { secret: string }> {
  const url = await checkedUrl(input.url);
  const secret = newSecret();
  const row = await insertWithinCap(
    db,
    accountId,
    { limit: MAX_ENDPOINTS, what: "webhook endpoints", param: "url", count: (tx) => tx.webhookEndpoint.count({ where: { accountId } }) },
    (tx) =>
      tx.webhookEndpoint.create({
        data: { accountId, url, events: [...new Set(input.events)], description: input.description ?? "", secret },
      }),
  );
  return { ...endpointPayload(row), secret };
}

/**
 * PATCH: only the given fields change. Enabling a disabled endpoint clears its reason and failure
 * run: its pending deliveries resume at once (they waited while it was disabled). New events need
 * their read scope too.
 */
export async function updateEndpoint(
  db: TDb,
  accountId: number,
  id: number,
  input: { url?: string; events?: TWebhookEvent[]; description?: string; enabled?: boolean },
  held: THeldScopes,
): Promise<TEndpoint> {
  const current = await own(db, accountId, id, held);
  if (input.events !== undefined) requireEventScopes(input.events, held, "receiving");
  const data: Record<string, unknown> = {};
  if (input.url !== undefined) data.url = await checkedUrl(input.url);
  if (input.events !== undefined) data.events = [...new Set(input.events)];
  if (input.description !== undefined) data.description = input.description;
  if (input.enabled === true && !current.enabled) Object.assign(data, { enabled: true, disabledReason: null, failingSince: null });
  if (input.enabled === false && current.enabled) Object.assign(data, { enabled: false, disabledReason: "Disabled by the account." });
  const row = Object.keys(data).length ? await db.webhookEndpoint.update({ where: { id: current.id }, data }) : current;
  if (data.enabled === true) {
    await db.$executeRaw`
      UPDATE webhook_delivery SET next_attempt_at = now() WHERE endpoint_id = ${id} AND status = 'pending' AND next_attempt_at > now()`;
  }
  return endpointPayload(row);
}

export async function deleteEndpoint(db: TDb, accountId: number, id: number, held: THeldScopes): Promise<{ id: number; deleted: true }> {
  await own(db, accountId, id, held);
  const n = await db.webhookEndpoint.deleteMany({ where: { id, accountId } });
  if (n.count === 0) throw notFound("Webhook endpoint");
  return { id, deleted: true };
}

/** A new secret; the previous one keeps signing (as a second signature) for 24 hours. */
export async function rotateSecret(db: TDb, accountId: number, id: number, held: THeldScopes): Promise<TEndpoint & { secret: string }> {
  const current = await own(db, accountId, id, held);
  const secret = newSecret();
  const row = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: { secret, previousSecret: current.secret, previousSecretUntil: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS) },
  });
  return { ...endpointPayload(row), secret };
}

/** The endpoint's row for the owner holding its events' scopes (deliveries, test). */
export const ownEndpoint = own;
