import type { TDb } from "~/server/db/client";
import { LEASE_MS } from "../jobs/lease";
import type { TEventBody, TWebhookEvent } from "../events/event-types";
import { newWebhookId } from "./signing";

/**
 * The durable delivery queue: table webhook_delivery, one row per event and endpoint.
 *
 * - enqueue: rows are `pending` with next_attempt_at now.
 * - claim: due `pending` rows, and `delivering` rows whose lease (locked_until) passed because
 *   their worker died, of enabled endpoints, with FOR UPDATE SKIP LOCKED (two workers never take
 *   the same row). The claim counts the attempt; the attempt number is the claim's token, so a
 *   worker whose lease was taken over cannot write its result over the new one. The worker renews
 *   the lease of its rows in flight (renewDeliveries, every 5 s for 20 s: server/domain/jobs/lease.ts),
 *   so a crashed worker's rows are claimed again within 20 s.
 * - record: success ends the row; a failure schedules the next attempt after 5 s, 5 min, 30 min,
 *   2 h, 5 h, 10 h, 10 h, then the row is `failed`. The endpoint's failure run starts at its first
 *   failed attempt and ends at a success; a run of 5 days disables the endpoint with the reason.
 */

const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

export interface TClaimedDelivery {
  id: bigint;
  endpoint_id: number;
  webhook_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
}

export interface TDeliveryOutcome {
  id: bigint;
  attempts: number;
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  headers: Record<string, string>;
  attemptedAt: Date;
}

export const eventBody = (type: TWebhookEvent, data: unknown, at = new Date()): string =>
  JSON.stringify({ type, timestamp: at.toISOString(), data } satisfies TEventBody);

/** Queues one event for the given endpoints; returns the new delivery ids. */
export async function enqueueDeliveries(db: TDb, endpointIds: number[], type: TWebhookEvent, body: string): Promise<bigint[]> {
  if (endpointIds.length === 0) return [];
  const rows = endpointIds.map((id) => ({ endpoint_id: id, webhook_id: newWebhookId() }));
  const inserted = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
    SELECT x.endpoint_id, ${type}, x.webhook_id, ${body}, 'pending', now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(endpoint_id int, webhook_id text)
    RETURNING id`;
  return inserted.map((r) => r.id);
}

/**
 * Claims up to `limit` due deliveries, at most `perEndpoint` of any endpoint, none of the endpoints
 * in `busy` (those already at their in-flight limit in this process).
 */
export async function claimDeliveries(
  db: TDb,
  opts: { limit: number; perEndpoint: number; busy?: number[]; leaseMs?: number },
): Promise<TClaimedDelivery[]> {
  if (opts.limit <= 0) return [];
  const lockedUntil = new Date(Date.now() + (opts.leaseMs ?? LEASE_MS));
  const busy = opts.busy ?? [];
  return db.$queryRaw<TClaimedDelivery[]>`
    WITH due AS (
      SELECT d.id, d.endpoint_id, d.next_attempt_at
        FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id AND e.enabled
       WHERE ((d.status = 'pending' AND d.next_attempt_at <= now()) OR (d.status = 'delivering' AND d.locked_until < now()))
         AND NOT (d.endpoint_id = ANY(${busy}::int[]))
       ORDER BY d.next_attempt_at, d.id
       LIMIT ${opts.limit * 4}
         FOR UPDATE OF d SKIP LOCKED
    ), picked AS (
      SELECT id FROM (
        SELECT id, next_attempt_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS n FROM due
      ) ranked WHERE n <= ${opts.perEndpoint}
      ORDER BY next_attempt_at, id LIMIT ${opts.limit}
    )
    UPDATE webhook_delivery d
       SET status = 'delivering', locked_until = ${lockedUntil}, attempts = d.attempts + 1
      FROM picked, webhook_endpoint e
     WHERE d.id = picked.id AND e.id = d.endpoint_id
    RETURNING d.id, d.endpoint_id, d.webhook_id, d.body, d.attempts, e.url, e.secret,
              CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END AS previous_secret`;
}

/** Extends the lease of deliveries still held by their claim (the attempt number is its token). */
export async function renewDeliveries(db: TDb, held: { id: bigint; attempts: number }[], lockedUntil: Date): Promise<void> {
  if (held.length === 0) return;
  const rows = JSON.stringify(held.map((h) => ({ id: h.id.toString(), attempts: h.attempts })));
  await db.$executeRaw`
    UPDATE webhook_delivery d SET locked_until = ${lockedUntil}
      FROM jsonb_to_recordset(${rows}::jsonb) AS x(id bigint, attempts int)
     WHERE d.id = x.id AND d.attempts = x.attempts AND d.status = 'delivering'`;
}

/** Writes a batch of attempt results (one statement for the deliveries, one for the endpoints). */
export async function recordOutcomes(db: TDb, outcomes: TDeliveryOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) => ({
    id: o.id.toString(),
    attempts: o.attempts,
    ok: o.ok,
    status: o.status,
    body: o.body === null ? null : o.body.replace(/\u0000/g, ""),
    error: o.error,
    duration_ms: o.durationMs,
    headers: o.headers,
    at: o.attemptedAt.toISOString(),
    retry_ms: o.ok || o.attempts >= MAX_ATTEMPTS ? null : RETRY_DELAYS_MS[o.attempts - 1]!,
  }));
  await db.$executeRaw`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(id bigint, attempts int, ok boolean, status int, body text, error text, duration_ms int, headers jsonb, at timestamptz, retry_ms bigint)
    ), done AS (
      UPDATE webhook_delivery d
         SET status = CASE WHEN x.ok THEN 'succeeded' WHEN x.retry_ms IS NULL THEN 'failed' ELSE 'pending' END,
             next_attempt_at = CASE WHEN x.retry_ms IS NULL THEN NULL ELSE x.at + make_interval(secs => x.retry_ms / 1000.0) END,
             locked_until = NULL, response_status = x.status, response_body = x.body, last_error = x.error,
             request_headers = x.headers, duration_ms = x.duration_ms, last_attempt_at = x.at,
             delivered_at = CASE WHEN x.ok THEN x.at ELSE d.delivered_at END
        FROM x
       WHERE d.id = x.id AND d.attempts = x.attempts AND d.status = 'delivering'
      RETURNING d.endpoint_id, x.ok, x.at, x.error, x.status
    ), per_endpoint AS (
      SELECT endpoint_id, bool_or(ok) AS any_ok, min(at) FILTER (WHERE NOT ok) AS first_failure,
             (array_agg(coalesce(error, 'HTTP ' || status) ORDER BY at DESC) FILTER (WHERE NOT ok))[1] AS last_error
        FROM done GROUP BY endpoint_id
    )
    UPDATE webhook_endpoint e
       SET failing_since = CASE WHEN p.any_ok THEN NULL ELSE coalesce(e.failing_since, p.first_failure) END,
           enabled = CASE WHEN NOT p.any_ok AND coalesce(e.failing_since, p.first_failure) <= now() - make_interval(secs => ${DISABLE_AFTER_MS / 1000}) THEN false ELSE e.enabled END,
           disabled_reason = CASE WHEN NOT p.any_ok AND coalesce(e.failing_since, p.first_failure) <= now() - make_interval(secs => ${DISABLE_AFTER_MS / 1000})
             THEN 'Disabled automatically: every delivery failed for 5 days (since ' || to_char(coalesce(e.failing_since, p.first_failure) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '). Last error: ' || coalesce(p.last_error, 'unknown')
             ELSE e.disabled_reason END
      FROM per_endpoint p
     WHERE e.id = p.endpoint_id`;
}
