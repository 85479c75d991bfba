import { z } from "zod";
import type { TDb } from "../db/client";
import { logger } from "../lib/logger";
import { issueDeviceCookie, readDeviceCookie } from "./device-cookie";
import { hashPassword, needsRehash, verifyPassword } from "../lib/password";
import {
  beginSignin,
  emailKey,
  normaliseEmail,
  pruneNowAndThen,
  signinSucceeded,
  SIGNIN_LIMITS,
  type TSigninLimits,
  type TSigninScope,
} from "./signin-limit";

/**
 * One password sign-in attempt, under the sign-in limit (signin-limit.ts), with no HTTP in it:
 * next-auth's Credentials provider (nextauth.ts) calls it for both the HTTP endpoint and the
 * sign-in page. The limit comes first, so a locked e-mail or address is refused before its
 * password is looked at, however right the password is. A browser's device cookie for the account
 * (device-cookie.ts) makes the attempt count against that device instead of the e-mail.
 */

const ZCredentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(200) });

export type TCredentialsResult =
  | {
      kind: "ok";
      account: { id: number; email: string; name: string | null };
      /**
       * The device cookie to hand the browser (when the attempt came with `device`): the one it
       * brought, if valid for this account, to renew its age; otherwise a new one.
       */
      deviceCookie?: string;
    }
  | { kind: "wrong" }
  | { kind: "throttled"; scope: TSigninScope; retryAfterSeconds: number };

/** The browser's device cookie, if any, and the secret that signs device cookies. */
export interface TDeviceInput {
  cookie: string | undefined;
  secret: string;
}

/** The device key of a cookie that proves a device of the account the e-mail belongs to. */
async function knownDevice(db: TDb, email: string, device: TDeviceInput | undefined): Promise<string | undefined> {
  const proven = device ? readDeviceCookie(device.secret, device.cookie) : undefined;
  if (!proven) return undefined;
  const account = await db.account.findUnique({ where: { email }, select: { id: true } });
  return account?.id === proven.accountId ? proven.key : undefined;
}

/**
 * Replaces a hash made with older parameters by one at today's cost, now that the password is
 * known; only if the hash is still the one just verified (a password changed meanwhile stays).
 * A failure only logs: the sign-in itself succeeded.
 */
async function upgradeHash(db: TDb, accountId: number, stored: string, password: string): Promise<void> {
  try {
    await db.account.updateMany({ where: { id: accountId, passwordHash: stored }, data: { passwordHash: await hashPassword(password) } });
  } catch (error) {
    logger.warn("could not upgrade a password hash", { accountId, error });
  }
}

export async function checkCredentials(
  db: TDb,
  raw: { email?: unknown; password?: unknown },
  address: string,
  now: Date = new Date(),
  limits: TSigninLimits = SIGNIN_LIMITS,
  device?: TDeviceInput,
): Promise<TCredentialsResult> {
  const email = typeof raw.email === "string" ? normaliseEmail(raw.email) : "";
  await pruneNowAndThen(db, now);
  const deviceKey = await knownDevice(db, email, device);
  const gate = await beginSignin(db, { email, address, device: deviceKey }, now, limits);
  if (!gate.allowed) {
    // Never the e-mail in clear (nor the password, ever): a prefix of its key is enough to match
    // refusals for one account across the logs.
    logger.warn("sign-in refused: too many failed attempts", {
      scope: gate.scope,
      email_sha256: emailKey(email).slice(0, 16),
      address,
      retry_after_s: gate.retryAfterSeconds,
    });
    return { kind: "throttled", scope: gate.scope, retryAfterSeconds: gate.retryAfterSeconds };
  }
  const parsed = ZCredentials.safeParse(raw);
  if (!parsed.success) return { kind: "wrong" };
  const account = await db.account.findUnique({ where: { email: parsed.data.email } });
  // An unknown e-mail is checked against no hash, which costs what a wrong password costs (password.ts).
  if (!(await verifyPassword(parsed.data.password, account?.passwordHash)) || !account?.passwordHash) return { kind: "wrong" };
  await signinSucceeded(db, gate.ticket);
  if (needsRehash(account.passwordHash)) await upgradeHash(db, account.id, account.passwordHash, parsed.data.password);
  return {
    kind: "ok",
    account: { id: account.id, email: account.email, name: account.name },
    ...(device ? { deviceCookie: deviceKey && device.cookie ? device.cookie : issueDeviceCookie(device.secret, account.id) } : {}),
  };
}
