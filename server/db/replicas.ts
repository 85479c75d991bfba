import { env } from "../env";
import { logger } from "../lib/logger";
import { createPrisma, driverOf, type TDb } from "./client";

/**
 * Read replicas (DATABASE_READ_URLS). `onReplica` runs a read-only data query on the next replica
 * in turn; a replica that cannot be reached is skipped for RETRY_AFTER_MS and then tried again,
 * and with none available the query runs on the primary. Writes, quota counting and the caller's
 * own user data never come here (docs/deployment.md): a replica lags the primary by up to its
 * replay delay, and a user must always read their own writes.
 */

/** How long a replica that failed is left out before it is tried again. */
const RETRY_AFTER_MS = 30_000;

interface TReplica {
  url: string;
  label: string;
  prisma?: TDb;
  downUntil: number;
}

interface TReplicaState {
  replicas: TReplica[];
  next: number;
}

// On globalThis, like the primary's handle (client.ts): Next's bundled handlers share it with the server.
const g = globalThis as unknown as { __vmonReplicas?: TReplicaState };

function state(): TReplicaState {
  if (g.__vmonReplicas) return g.__vmonReplicas;
  const { DATABASE_URL, DATABASE_READ_URLS } = env();
  // The embedded database has no replicas: read URLs without a server are ignored.
  const urls = DATABASE_URL ? DATABASE_READ_URLS : [];
  g.__vmonReplicas = { replicas: urls.map((url) => ({ url, label: hostOf(url), downUntil: 0 })), next: 0 };
  return g.__vmonReplicas;
}

/** host:port/database of a URL, for logs (never its password). */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "replica";
  }
}

export function hasReplicas(): boolean {
  return state().replicas.length > 0;
}

function clientOf(replica: TReplica): TDb {
  // Named statements as on the primary (PREPARED_STATEMENTS=0 behind a pooler that cannot keep them).
  replica.prisma ??= createPrisma(replica.url, 10, { namedStatements: env().PREPARED_STATEMENTS === "1" });
  return replica.prisma;
}

/** Whether the replica answers at all: tells a query's own error from a replica that is gone. */
async function reachable(db: TDb): Promise<boolean> {
  try {
    await driverOf(db)!.pool.query("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `read` on a replica (round robin), or on `primary` when there is none or none answers. An
 * error of the query itself (bad input, a statement timeout) is thrown as on the primary; only a
 * replica that no longer answers is skipped.
 */
export async function onReplica<T>(primary: TDb, read: (db: TDb) => Promise<T>): Promise<T> {
  const s = state();
  for (let tried = 0; tried < s.replicas.length; tried++) {
    const replica = s.replicas[s.next++ % s.replicas.length]!;
    if (replica.downUntil > Date.now()) continue;
    const db = clientOf(replica);
    try {
      return await read(db);
    } catch (error) {
      if (await reachable(db)) throw error;
      replica.downUntil = Date.now() + RETRY_AFTER_MS;
      logger.warn("read replica unavailable: skipped for a while", { replica: replica.label, retry_after_s: RETRY_AFTER_MS / 1000 });
    }
  }
  return read(primary);
}

/** Ends the replicas' connections (process shutdown). */
export async function closeReplicas(): Promise<void> {
  const s = g.__vmonReplicas;
  g.__vmonReplicas = undefined;
  await Promise.all((s?.replicas ?? []).map((r) => r.prisma?.$disconnect()));
}
