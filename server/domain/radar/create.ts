import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, type TErrorCode } from "~/server/lib/errors";
import type { TApplicationInput } from "./identifiers";
import {
  APPLICATION_COLUMNS,
  applicationPayload,
  CONNECTION_COLUMNS,
  connectionPayload,
  type TApplicationPayload,
  type TApplicationRow,
  type TConnectionPayload,
  type TConnectionRow,
} from "./payloads";
import { limitReached, lockAccount, readQuota } from "./quota";
import type { TSource } from "./types";

/**
 * Creating applications (one, or a bulk of them; the single create is a bulk of one). For each
 * item, in order: a profile that is already a connection of the account is returned as existing
 * (`already_tracked: true`) and nothing is created; an application for the same profile (any state)
 * is returned as existing instead of being created twice; a new one needs a free place in the
 * quota (else `tracking_limit_reached` for that item) and starts `pending` (queued) when tracking,
 * `idle` otherwise. One transaction, the account locked: concurrent creates cannot overbook.
 */

export type TCreateItem = TApplicationInput | AppError;

type TExistingEntry =
  | { index: number; already_tracked: true; connection: TConnectionPayload }
  | { index: number; already_tracked: false; application: TApplicationPayload };

export interface TCreateOutcome {
  created: { index: number; application: TApplicationPayload }[];
  existing: TExistingEntry[];
  errors: { index: number; error: TErrorCode; message: string }[];
}

type TConnectionMatch = TConnectionRow & { urn: string | null };

/** Identity keys a connection answers to (see identifiers.ts). */
function connectionKeys(c: TConnectionMatch): string[] {
  const keys: string[] = [];
  if (c.source === "network_a") {
    if (c.username) keys.push(`slug:${c.username.toLowerCase()}`);
    if (c.urn) keys.push(`slug:${c.urn.toLowerCase()}`);
  } else {
    if (c.username) keys.push(`user:${c.username.toLowerCase()}`);
    keys.push(`id:${c.external_id}`);
  }
  return keys;
}

async function connectionsByKey(tx: Prisma.TransactionClient, accountId: number, source: TSource, keys: string[]) {
  const values = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  const match =
    source === "network_a"
      ? Prisma.sql`(lower(c.username) = ANY(${values("slug:")}::text[]) OR lower(c.snapshot->'profile'->>'urn') = ANY(${values("slug:")}::text[]))`
      : Prisma.sql`(lower(c.username) = ANY(${values("user:")}::text[]) OR c.external_id = ANY(${values("id:")}::text[]))`;
  const rows = await tx.$queryRaw<TConnectionMatch[]>`
    SELECT ${CONNECTION_COLUMNS}, c.snapshot->'profile'->>'urn' AS urn
      FROM radar_connection c WHERE c.account_id = ${accountId} AND c.source = ${source} AND ${match}`;
  const byKey = new Map<string, TConnectionMatch>();
  for (const row of rows) for (const key of connectionKeys(row)) byKey.set(key, row);
  return byKey;
}

async function applicationsByKey(tx: Prisma.TransactionClient, accountId: number, source: TSource, keys: string[]) {
  const rows = await tx.$queryRaw<(TApplicationRow & { identity_key: string })[]>`
    SELECT ${APPLICATION_COLUMNS}, a.identity_key FROM radar_application a
     WHERE a.account_id = ${accountId} AND a.source = ${source} AND a.identity_key = ANY(${keys}::text[])`;
  return new Map(rows.map((r) => [r.identity_key, r]));
}

async function insertApplications(tx: Prisma.TransactionClient, accountId: number, source: TSource, items: TApplicationInput[]) {
  if (items.length === 0) return new Map<string, TApplicationRow>();
  const json = JSON.stringify(items.map((i) => ({ kind: i.kind, identifier: i.identifier, key: i.identityKey, tracking: i.isTracking })));
  const rows = await tx.$queryRaw<(TApplicationRow & { identity_key: string })[]>`
    INSERT INTO radar_application AS a (account_id, source, identifier_kind, identifier, identity_key, is_tracking, init_status, updated_at)
    SELECT ${accountId}, ${source}, e.v->>'kind', e.v->>'identifier', e.v->>'key', (e.v->>'tracking')::boolean,
           CASE WHEN (e.v->>'tracking')::boolean THEN 'pending' ELSE 'idle' END, now()
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(v, n)
     ORDER BY e.n
    ON CONFLICT (account_id, source, identity_key) DO NOTHING
    RETURNING ${APPLICATION_COLUMNS}, a.identity_key`;
  return new Map(rows.map((r) => [r.identity_key, r]));
}

export async function createApplications(db: TDb, accountId: number, source: TSource, items: TCreateItem[]): Promise<TCreateOutcome> {
  const outcome: TCreateOutcome = { created: [], existing: [], errors: [] };
  const valid = items.filter((i): i is TApplicationInput => !(i instanceof AppError));
  const keys = [...new Set(valid.map((i) => i.identityKey))];

  await db.$transaction(
    async (tx) => {
      await lockAccount(tx, accountId);
      const quota = (await readQuota(tx, accountId))[source];
      const [connections, applications] = await Promise.all([
        connectionsByKey(tx, accountId, source, keys),
        applicationsByKey(tx, accountId, source, keys),
      ]);
      let room = quota.limit - quota.used;
      const toInsert: TApplicationInput[] = [];
      const plan: ({ kind: "new" | "same"; key: string } | null)[] = [];
      const planned = new Set<string>();
      items.forEach((item, index) => {
        plan.push(null);
        if (item instanceof AppError) return outcome.errors.push({ index, error: item.code, message: item.message });
        const connection = connections.get(item.identityKey);
        if (connection) return outcome.existing.push({ index, already_tracked: true, connection: connectionPayload(connection) });
        const application = applications.get(item.identityKey);
        if (application) return outcome.existing.push({ index, already_tracked: false, application: applicationPayload(application) });
        if (planned.has(item.identityKey)) return (plan[index] = { kind: "same", key: item.identityKey });
        if (room <= 0) {
          const err = limitReached(source, quota.limit);
          return outcome.errors.push({ index, error: err.code, message: err.message });
        }
        room -= 1;
        planned.add(item.identityKey);
        toInsert.push(item);
        plan[index] = { kind: "new", key: item.identityKey };
      });
      const inserted = await insertApplications(tx, accountId, source, toInsert);
      // A concurrent writer outside this lock could only have created the same application.
      const lost = toInsert.map((i) => i.identityKey).filter((k) => !inserted.has(k));
      const raced = lost.length ? await applicationsByKey(tx, accountId, source, lost) : new Map<string, TApplicationRow>();
      plan.forEach((p, index) => {
        if (!p) return;
        const row = inserted.get(p.key);
        if (row && p.kind === "new") outcome.created.push({ index, application: applicationPayload(row) });
        const other = row ?? raced.get(p.key);
        if (other && (p.kind === "same" || !row))
          outcome.existing.push({ index, already_tracked: false, application: applicationPayload(other) });
      });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  const byIndex = <T extends { index: number }>(list: T[]) => list.sort((a, b) => a.index - b.index);
  byIndex(outcome.existing);
  byIndex(outcome.errors);
  return outcome;
}
