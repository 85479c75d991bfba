import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { env } from "~/server/env";
import { AppError } from "~/server/lib/errors";
import { plural } from "~/server/lib/plural";
import { SOURCE_NAMES, type TQuota, type TSource } from "./types";

/**
 * Tracking quota per source (docs/radar.md): `limit` is the account's radar_limit_network_a/_b, or
 * RADAR_LIMIT_NETWORK_A/_B when unset; `used` counts the account's applications that have not
 * failed (idle, pending, processing) plus its tracked connections of that source. A failed
 * application holds no place: it waits for a Retry, which takes a place again (DESIGN section 7).
 */

type TClient = TDb | Prisma.TransactionClient;

interface TQuotaRow {
  limit_a: number | null;
  limit_b: number | null;
  apps_a: number;
  apps_b: number;
  conns_a: number;
  conns_b: number;
}

export async function readQuota(db: TClient, accountId: number): Promise<TQuota> {
  const rows = await db.$queryRaw<TQuotaRow[]>`
    SELECT a.radar_limit_network_a AS limit_a, a.radar_limit_network_b AS limit_b,
           (SELECT count(*)::int FROM radar_application WHERE account_id = a.id AND source = 'network_a' AND init_status <> 'failed') AS apps_a,
           (SELECT count(*)::int FROM radar_application WHERE account_id = a.id AND source = 'network_b' AND init_status <> 'failed') AS apps_b,
           (SELECT count(*)::int FROM radar_connection WHERE account_id = a.id AND source = 'network_a' AND is_tracking) AS conns_a,
           (SELECT count(*)::int FROM radar_connection WHERE account_id = a.id AND source = 'network_b' AND is_tracking) AS conns_b
      FROM account a WHERE a.id = ${accountId}`;
  const r = rows[0];
  const e = env();
  const entry = (limit: number, used: number) => ({ limit, used, remaining: Math.max(0, limit - used) });
  return {
    network_a: entry(r?.limit_a ?? e.RADAR_LIMIT_NETWORK_A, (r?.apps_a ?? 0) + (r?.conns_a ?? 0)),
    network_b: entry(r?.limit_b ?? e.RADAR_LIMIT_NETWORK_B, (r?.apps_b ?? 0) + (r?.conns_b ?? 0)),
  };
}

/**
 * Serialises the quota-changing writes of one account (creates, tracking on) for the rest of the
 * transaction, so two concurrent requests cannot both take the last free place.
 */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM account WHERE id = ${accountId} FOR UPDATE`;
}

export function limitReached(source: TSource, limit: number): AppError {
  return new AppError(
    "tracking_limit_reached",
    `The tracking limit of ${plural(limit, "profile")} on ${SOURCE_NAMES[source]} is reached. Stop tracking or remove some before adding more.`,
  );
}

/** Throws `tracking_limit_reached` unless `extra` more places are free on `source`. */
export async function assertRoom(tx: Prisma.TransactionClient, accountId: number, source: TSource, extra: number): Promise<void> {
  if (extra <= 0) return;
  const quota = await readQuota(tx, accountId);
  if (quota[source].used + extra > quota[source].limit) throw limitReached(source, quota[source].limit);
}
