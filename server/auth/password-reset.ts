import type { TDb } from "../db/client";
import { sendPasswordReset } from "../domain/accounts/password-reset";
import { mailConfigured } from "../domain/mail/transport";
import { logger } from "../lib/logger";
import { beginResetRequest, emailKey, normaliseEmail, RESET_REQUEST_LIMITS } from "./signin-limit";

/**
 * A "Forgot password?" request from the sign-in pages (app/forgot-password). The answer never
 * depends on whether the e-mail belongs to an account, neither by its words nor by its time: the
 * request takes its place under the limit (signin-limit.ts, the same for any e-mail), and the
 * lookup, the link and the e-mail happen after the answer, in the background (`delivery`, which
 * tests may await; it never rejects: a failure is logged).
 */
export type TResetRequestResult =
  { kind: "accepted"; delivery: Promise<void> } | { kind: "throttled"; retryAfterSeconds: number } | { kind: "not_configured" };

export async function requestPasswordReset(
  db: TDb,
  who: { email: string; address: string },
  now: Date = new Date(),
  limits: typeof RESET_REQUEST_LIMITS = RESET_REQUEST_LIMITS,
): Promise<TResetRequestResult> {
  if (!mailConfigured()) return { kind: "not_configured" };
  const email = normaliseEmail(who.email);
  const gate = await beginResetRequest(db, { email, address: who.address }, now, limits);
  if (!gate.allowed) {
    logger.warn("password reset refused: too many requests", {
      scope: gate.scope,
      email_sha256: emailKey(email).slice(0, 16),
      address: who.address,
      retry_after_s: gate.retryAfterSeconds,
    });
    return { kind: "throttled", retryAfterSeconds: gate.retryAfterSeconds };
  }
  const delivery = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendPasswordReset(db, email, now))
    .then(
      (sent) => logger.info("password reset requested", { email_sha256: emailKey(email).slice(0, 16), sent }),
      (error: unknown) => logger.error("could not send a password reset e-mail", { email_sha256: emailKey(email).slice(0, 16), error }),
    );
  return { kind: "accepted", delivery };
}
