import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";

/**
 * Limits of dynamic client registration (POST /oauth/register, docs/oauth.md), which anyone who
 * reaches the server can call:
 *
 * - at most `perAddress` registrations per client address (an IPv6 client by its /64, see
 *   client-address.ts) within `windowMs`; past that, 429 with the seconds until the oldest of them
 *   leaves the window. The registrations are their own counters: each keeps the address key it came
 *   from (`oauth_client.registered_from`), so every process and instance counts the same rows. A
 *   registration takes a transaction-scoped advisory lock on its address key before it counts, so
 *   parallel registrations from one address queue and see each other;
 * - a registration that has not been used for a token within `unusedMs` expires: it is refused
 *   from then on (clients.ts, `activeClient`) and deleted by `sweepUnusedRegistrations`, which every
 *   registration runs first. So unused registrations never pile up beyond what the addresses that
 *   made them could register in that time.
 */
const REGISTRATION_LIMITS = { perAddress: 10, windowMs: 60 * 60_000, unusedMs: 24 * 60 * 60_000 } as const;

export type TRegistrationGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether a dynamic client registered at `createdAt` and never used for a token has expired. */
export function isExpiredRegistration(client: { dynamic: boolean; firstTokenAt: Date | null; createdAt: Date }, now = Date.now()): boolean {
  return client.dynamic && client.firstTokenAt === null && client.createdAt.getTime() <= now - REGISTRATION_LIMITS.unusedMs;
}

/**
 * Inside the registration's transaction, before it inserts: locks the address key for the rest of
 * the transaction and counts its registrations within the window.
 */
export async function registrationGate(tx: Prisma.TransactionClient, address: string): Promise<TRegistrationGate> {
  const { perAddress, windowMs } = REGISTRATION_LIMITS;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`oauth_register ${address}`}, 0))) AS l`;
  const rows = await tx.$queryRaw<{ n: number; retry: number | null }[]>`
    SELECT count(*)::int AS n,
           ceil(extract(epoch FROM (min(created_at) + make_interval(secs => ${windowMs / 1000}::float8) - now())))::int AS retry
      FROM (SELECT created_at FROM oauth_client
             WHERE registered_from = ${address} AND created_at > now() - make_interval(secs => ${windowMs / 1000}::float8)
             ORDER BY created_at DESC LIMIT ${perAddress}) AS recent`;
  const { n, retry } = rows[0] ?? { n: 0, retry: null };
  return n < perAddress ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, retry ?? 1) };
}

/** Deletes the dynamic registrations that expired unused (their codes and consents go with them); returns how many. */
export async function sweepUnusedRegistrations(db: TDb): Promise<number> {
  return db.$executeRaw`
    DELETE FROM oauth_client
     WHERE dynamic AND first_token_at IS NULL AND created_at <= now() - make_interval(secs => ${REGISTRATION_LIMITS.unusedMs / 1000}::float8)`;
}
