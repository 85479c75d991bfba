import { createHash } from "node:crypto";
import type { TDb } from "../db/client";
import type { Prisma } from "../db/generated/prisma/client";

/**
 * Password sign-in limit (docs/api.md): after 5 failures for one e-mail, or 30 from one client
 * address, within 15 minutes, further attempts are refused until the window passes, even with the
 * right password. The counters live in the database (table `signin_throttle`), so every process
 * and instance sees the same ones.
 *
 * A browser that signed in to the account before (a valid device cookie, device-cookie.ts) is
 * counted as that device instead of as the e-mail: 5 failures lock that device only, and a lock of
 * the e-mail by strangers' failures does not concern it. So guessing wrong on purpose can lock an
 * e-mail for unknown browsers but never its owner's. The address limit applies to every attempt.
 *
 * One row per key holds the times of that key's failures inside the window (a sliding window:
 * an attempt is refused while `limit` failures are younger than the window, and allowed again
 * once the oldest of them is older). An attempt takes its place before the password is checked:
 * it appends its time to the e-mail's row and the address's row in one transaction, each append
 * only while fewer than `limit` recent failures are there (the upsert locks the row, so parallel
 * attempts queue on it and see each other's appends). A wrong password leaves the entries as the
 * failure they stand for; a right one takes them out again (`signinSucceeded`). So N parallel
 * attempts never let more than `limit` of them reach the password check, and an attempt that
 * never finishes (a crash) counts as a failure. Refused attempts are not recorded: they cost no
 * password check, and counting them would keep a lock alive for as long as someone knocks.
 *
 * Rows stay small (the appends drop entries older than the window, and no more than `limit` are
 * kept) and a row whose newest entry has left the window is deleted by `pruneSigninThrottle`.
 */

export interface TSigninLimits {
  /** Failures of one e-mail within the window that lock it (for browsers without a device cookie for it). */
  email: number;
  /** Failures of one known device (a valid device cookie for the account) within the window that lock it. */
  device: number;
  /** Failures from one client address (all e-mails together) within the window that lock it. */
  address: number;
  windowMs: number;
}

export const SIGNIN_LIMITS: TSigninLimits = { email: 5, device: 5, address: 30, windowMs: 15 * 60_000 };

export type TSigninScope = "email" | "device" | "address";

/** An attempt allowed to check its password: what `signinSucceeded` needs to take its entries out. */
export interface TSigninTicket {
  /** Whose tries the attempt counts against besides the address's: the e-mail's, or a known device's. */
  subject: { scope: "email" | "device"; key: string };
  addressKey: string;
  at: Date;
}

export type TSigninGate = { allowed: true; ticket: TSigninTicket } | { allowed: false; scope: TSigninScope; retryAfterSeconds: number };

/** The e-mail as the limit keys it: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The stored key of an e-mail: the SHA-256 of its normalised form, hex. Whatever is typed into the
 * e-mail field (a password, by mistake) never reaches the table or the logs in clear, and every
 * key has the same short length.
 */
export function emailKey(email: string): string {
  return createHash("sha256").update(normaliseEmail(email), "utf8").digest("hex");
}

/**
 * Password reset requests (server/auth/password-reset.ts) are limited in the same table, under
 * scopes of their own: 3 requests for one e-mail, or 20 from one client address, within 15
 * minutes. Every request counts (there is no success that takes it back), whether the e-mail
 * belongs to an account or not, so a refusal tells nothing about the address either.
 */
export const RESET_REQUEST_LIMITS = { email: 3, address: 20, windowMs: 15 * 60_000 };

type TResetScope = "reset_email" | "reset_address";

/** Thrown inside the reservation's transaction to roll back the e-mail's entry. */
class Refused extends Error {
  constructor(readonly scope: TSigninScope) {
    super(`sign-in refused (${scope})`);
  }
}

/**
 * Appends `at` to the key's failures unless `limit` of them are already inside the window; true
 * when it did. `ON CONFLICT DO UPDATE` locks the row and evaluates its WHERE on the latest
 * committed version, so concurrent appends to one key are serialised.
 */
async function append(
  db: Prisma.TransactionClient,
  scope: TSigninScope | TResetScope,
  key: string,
  at: Date,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const since = new Date(at.getTime() - windowMs);
  const expires = new Date(at.getTime() + windowMs);
  const rows = await db.$queryRaw<{ n: number }[]>`
    INSERT INTO signin_throttle AS t (scope, key, failures, expires_at)
    VALUES (${scope}, ${key}, ARRAY[${at}::timestamptz(3)], ${expires}::timestamptz)
    ON CONFLICT (scope, key) DO UPDATE
      SET failures = ARRAY(SELECT f FROM unnest(t.failures) AS f WHERE f > ${since}::timestamptz ORDER BY f) || ${at}::timestamptz(3),
          expires_at = GREATEST(t.expires_at, ${expires}::timestamptz)
      WHERE (SELECT count(*) FROM unnest(t.failures) AS f WHERE f > ${since}::timestamptz) < ${limit}
    RETURNING 1 AS n`;
  return rows.length === 1;
}

/**
 * Seconds until a refused key may try again: until the `limit`-th newest failure leaves the
 * window (then fewer than `limit` remain). At least 1: the state may have moved since the refusal.
 */
async function retryAfterSeconds(
  db: TDb,
  scope: TSigninScope | TResetScope,
  key: string,
  at: Date,
  limit: number,
  windowMs: number,
): Promise<number> {
  const since = new Date(at.getTime() - windowMs);
  const rows = await db.$queryRaw<{ f: Date }[]>`
    SELECT f FROM signin_throttle AS t, unnest(t.failures) AS f
     WHERE t.scope = ${scope} AND t.key = ${key} AND f > ${since}::timestamptz
     ORDER BY f DESC
     OFFSET ${limit - 1} LIMIT 1`;
  const failure = rows[0]?.f;
  if (!failure) return 1;
  return Math.max(1, Math.ceil((new Date(failure).getTime() + windowMs - at.getTime()) / 1000));
}

/**
 * Before a password is checked: either the attempt's place (an entry for the e-mail, or for the
 * device when `who.device` names a known one, and one for the address: both or neither) or the
 * refusal with the seconds until that scope's window passes. The e-mail (or device) is locked
 * first, then the address, always in that order, so two attempts never wait for each other's rows
 * crosswise.
 */
export async function beginSignin(
  db: TDb,
  who: { email: string; address: string; device?: string },
  now: Date = new Date(),
  limits: TSigninLimits = SIGNIN_LIMITS,
): Promise<TSigninGate> {
  const subject = who.device ? { scope: "device" as const, key: who.device } : { scope: "email" as const, key: emailKey(who.email) };
  const ticket: TSigninTicket = { subject, addressKey: who.address, at: now };
  const limitOf = (scope: TSigninScope) => limits[scope];
  try {
    await db.$transaction(async (tx) => {
      if (!(await append(tx, subject.scope, subject.key, now, limitOf(subject.scope), limits.windowMs))) throw new Refused(subject.scope);
      if (!(await append(tx, "address", ticket.addressKey, now, limits.address, limits.windowMs))) throw new Refused("address");
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const key = error.scope === "address" ? ticket.addressKey : subject.key;
    return {
      allowed: false,
      scope: error.scope,
      retryAfterSeconds: await retryAfterSeconds(db, error.scope, key, now, limitOf(error.scope), limits.windowMs),
    };
  }
  return { allowed: true, ticket };
}

/**
 * After a right password: the attempt was no failure, so its two entries go (one occurrence of
 * its time each; parallel attempts may share a millisecond). Nobody else's failures are touched,
 * the e-mail's earlier ones included: a counter cannot tell the owner's typing errors from
 * someone else's guesses, and clearing it on the owner's success would hand a guesser a fresh set
 * of tries every time the owner signs in. One statement per row, so that it never holds one row's
 * lock while waiting for the other's (a reservation holds the e-mail's while it waits for the
 * address's).
 */
export async function signinSucceeded(db: TDb, ticket: TSigninTicket): Promise<void> {
  const at = ticket.at;
  for (const [scope, key] of [
    [ticket.subject.scope, ticket.subject.key],
    ["address", ticket.addressKey],
  ] as const) {
    await db.$executeRaw`
      UPDATE signin_throttle
         SET failures = failures[:array_position(failures, ${at}::timestamptz(3)) - 1]
                     || failures[array_position(failures, ${at}::timestamptz(3)) + 1:]
       WHERE scope = ${scope} AND key = ${key} AND array_position(failures, ${at}::timestamptz(3)) IS NOT NULL`;
  }
}

/**
 * Deletes the rows whose every failure has left the window; returns how many. Rows locked by an
 * attempt under way are skipped (left for the next time): the delete never waits for a row lock,
 * so it cannot deadlock with a reservation that holds one row and waits for another.
 */
export async function pruneSigninThrottle(db: TDb, now: Date = new Date()): Promise<number> {
  return db.$executeRaw`
    DELETE FROM signin_throttle
     WHERE (scope, key) IN (SELECT scope, key FROM signin_throttle WHERE expires_at <= ${now}::timestamptz FOR UPDATE SKIP LOCKED)`;
}

/**
 * Takes one password reset request's place for the e-mail and the client address (both or
 * neither), or answers the refusal with the seconds until that scope's window passes.
 */
export async function beginResetRequest(
  db: TDb,
  who: { email: string; address: string },
  now: Date = new Date(),
  limits: typeof RESET_REQUEST_LIMITS = RESET_REQUEST_LIMITS,
): Promise<{ allowed: true } | { allowed: false; scope: "email" | "address"; retryAfterSeconds: number }> {
  const key = { email: emailKey(who.email), address: who.address };
  const scopeOf = { email: "reset_email", address: "reset_address" } as const;
  try {
    await db.$transaction(async (tx) => {
      if (!(await append(tx, scopeOf.email, key.email, now, limits.email, limits.windowMs))) throw new Refused("email");
      if (!(await append(tx, scopeOf.address, key.address, now, limits.address, limits.windowMs))) throw new Refused("address");
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const scope = error.scope === "address" ? "address" : "email";
    return {
      allowed: false,
      scope,
      retryAfterSeconds: await retryAfterSeconds(db, scopeOf[scope], key[scope], now, limits[scope], limits.windowMs),
    };
  }
  return { allowed: true };
}
