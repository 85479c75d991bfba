import type { TDb } from "../db/client";
import { AppError } from "../lib/errors";
import { beginAttempt, pruneNowAndThen, takeBackAttempt } from "./signin-limit";
import { plural } from "~/server/lib/plural";

/**
 * Guesses of team invitation links (`/join/<token>`: the workspace's `team.workspace.preview` and
 * `accept`), limited like password sign-in (signin-limit.ts, the same counters in the database, so
 * every process sees them): 10 links that do not exist per account, and 30 per client address,
 * within 15 minutes. An attempt takes its place in both counters before the token is looked up; a
 * token that exists (valid, or expired, used or withdrawn: a real link, not a guess) takes it back
 * out, an unknown one leaves it as the failure it is. Past a limit, lookups are refused with
 * `429 throttled` and `Retry-After`, the right link included, until the window passes.
 *
 * Why these numbers: a link is 24 random bytes, so guessing one is hopeless anyway; the limit stops
 * a flood of lookups and any enumeration early. A person who copied a link badly tries it a few
 * times; colleagues behind one address share its 30.
 */
export const JOIN_LIMITS = { account: 10, address: 30, windowMs: 15 * 60_000 };

/** Runs `lookUp` (a lookup of an invitation by its token) as an attempt of `who` under the limit. */
export async function limitInvitationGuesses<T>(
  db: TDb,
  who: { accountId: number; address: string },
  lookUp: () => Promise<T>,
  now: Date = new Date(),
  limits: typeof JOIN_LIMITS = JOIN_LIMITS,
): Promise<T> {
  await pruneNowAndThen(db, now);
  const gate = await beginAttempt(
    db,
    [
      { scope: "join_account", key: String(who.accountId), limit: limits.account },
      { scope: "join_address", key: who.address, limit: limits.address },
    ],
    limits.windowMs,
    now,
  );
  if (!gate.allowed) {
    const minutes = Math.max(1, Math.ceil(gate.retryAfterSeconds / 60));
    throw new AppError("throttled", `Too many invitation links that do not exist were tried. Try again in ${plural(minutes, "minute")}.`, {
      headers: { "Retry-After": String(gate.retryAfterSeconds) },
    });
  }
  try {
    const found = await lookUp();
    await takeBackAttempt(db, gate.attempt);
    return found;
  } catch (error) {
    // An unknown token is a failed guess and stays counted, as does a lookup that failed (as with a
    // sign-in that never finishes); a refusal of a link that exists (used, expired, withdrawn, for
    // another e-mail) is no guess.
    if (error instanceof AppError && error.code !== "not_found") await takeBackAttempt(db, gate.attempt);
    throw error;
  }
}
