import { createHash } from "node:crypto";
import type { TDb } from "../db/client";
import type { Prisma } from "../db/generated/prisma/client";
import { logger } from "../lib/logger";

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
 *
 * The same counters, under scopes of their own, limit password reset requests and guesses of team
 * invitation links (server/auth/join-limit.ts): `beginAttempt` and `takeBackAttempt` are the
 * mechanism, for any list of counters.
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

/** Guesses of team invitation links (server/auth/join-limit.ts): per account and per client address. */
type TJoinScope = "join_account" | "join_address";

/** Every kind of counter the table holds. */
type TThrottleScope = TSigninScope | TResetScope | TJoinScope;

/** One counter an attempt counts against: its scope, its key, and how many failures within the window lock it. */
export interface TCounter {
  scope: TThrottleScope;
  key: string;
  limit: number;
}

/** An attempt that was let through: the counters it took a place in, at `at` (what `takeBackAttempt` needs). */
export interface TAttempt {
  counters: Pick<TCounter, "scope" | "key">[];
  at: Date;
}

export type TAttemptGate = { allowed: true; attempt: TAttempt } | { allowed: false; counter: TCounter; retryAfterSeconds: number };

/** Thrown inside the reservation's transaction to roll back the entries appended before it. */
class Refused extends Error {
  constructor(readonly counter: TCounter) {
    super(`attempt refused (${counter.scope})`);
  }
}

/**
 * Appends `at` to the key's failures unless `limit` of them are already inside the window; true
 * when it did. `ON CONFLICT DO UPDATE` locks the row and evaluates its WHERE on the latest
 * committed version, so concurrent appends to one key are serialised.
 */
async function append(
  db: Prisma.TransactionClient,
  scope: TThrottleScope,
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
async function retryAfterSeconds(db: TDb, scope: TThrottleScope, key: string, at: Date, limit: number, windowMs: number): Promise<number> {
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
  const gate = await beginAttempt(
    db,
    [
      { ...subject, limit: limits[subject.scope] },
      { scope: "address", key: who.address, limit: limits.address },
    ],
    limits.windowMs,
    now,
  );
  if (!gate.allowed) return { allowed: false, scope: gate.counter.scope as TSigninScope, retryAfterSeconds: gate.retryAfterSeconds };
  return { allowed: true, ticket: { subject, addressKey: who.address, at: now } };
}

/**
 * Before an attempt: either its place in every counter (an entry appended to each: all or none,
 * in one transaction, in the order given, so two attempts never wait for each other's rows
 * crosswise) or the refusal by the first counter that is at its limit, with the seconds until its
 * window passes. A refused attempt is not recorded.
 */
export async function beginAttempt(db: TDb, counters: TCounter[], windowMs: number, now: Date = new Date()): Promise<TAttemptGate> {
  try {
    await db.$transaction(async (tx) => {
      for (const c of counters) if (!(await append(tx, c.scope, c.key, now, c.limit, windowMs))) throw new Refused(c);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const c = error.counter;
    return { allowed: false, counter: c, retryAfterSeconds: await retryAfterSeconds(db, c.scope, c.key, now, c.limit, windowMs) };
  }
  return { allowed: true, attempt: { counters, at: now } };
}

/**
 * After a right password: the attempt was no failure, so its two entries go (one occurrence of
 * its time each; parallel attempts may share a millisecond). Nobody else's failures are touched,
 * the e-mail's earlier ones included: a counter cannot tell the owner's typing errors from
 * someone else's guesses, and clearing it on the owner's success would hand a guesser a fresh set
 * of tries every time the owner signs in.
 */
export async function signinSucceeded(db: TDb, ticket: TSigninTicket): Promise<void> {
  await takeBackAttempt(db, { counters: [ticket.subject, { scope: "address", key: ticket.addressKey }], at: ticket.at });
}

/**
 * An attempt that turned out to be no failure: one occurrence of its time goes from each of its
 * counters (parallel attempts may share a millisecond). One statement per row, so that it never
 * holds one row's lock while waiting for another's (a reservation holds one while it waits).
 */
export async function takeBackAttempt(db: TDb, attempt: TAttempt): Promise<void> {
  const at = attempt.at;
  for (const { scope, key } of attempt.counters) {
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

const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** `pruneSigninThrottle`, at most once a minute per process (called by attempts); a failure only logs. */
export async function pruneNowAndThen(db: TDb, now: Date): Promise<void> {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS && now.getTime() >= lastPrune) return;
  lastPrune = now.getTime();
  await pruneSigninThrottle(db, now).catch((error: unknown) => logger.warn("could not prune sign-in counters", { error }));
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
  const gate = await beginAttempt(
    db,
    [
      { scope: "reset_email", key: emailKey(who.email), limit: limits.email },
      { scope: "reset_address", key: who.address, limit: limits.address },
    ],
    limits.windowMs,
    now,
  );
  if (gate.allowed) return { allowed: true };
  return { allowed: false, scope: gate.counter.scope === "reset_address" ? "address" : "email", retryAfterSeconds: gate.retryAfterSeconds };
}
