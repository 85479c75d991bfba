import { encode } from "next-auth/jwt";
import { sessionAccountById } from "~/server/auth/caller";
import { startSession } from "~/server/auth/session";
import type { TDb } from "~/server/db/client";
import { hashToken } from "~/server/lib/token-hash";

/**
 * Browser sessions for tests: a session recorded as a sign-in records it (server/auth/session.ts)
 * and its cookie made as next-auth makes it (its own `encode`, salted with the cookie's name).
 */

const SESSION_COOKIE = "authjs.session-token";

/** Claims and encoding of a test session cookie; `sid` false leaves the session id out. */
export interface TSessionCookieOptions {
  secret: string;
  name?: string;
  signedInAt?: number;
  maxAge?: number;
  sid?: string | false;
}

/** A new session of the account, as a Cookie header value (`name=jwt`), and its `sid`. */
export async function sessionCookie(db: TDb, accountId: number, opts: TSessionCookieOptions): Promise<{ cookie: string; sid: string }> {
  const sid = await startSession(db, accountId);
  const name = opts.name ?? SESSION_COOKIE;
  const claims: Record<string, unknown> = { sub: String(accountId), signed_in_at: opts.signedInAt ?? Math.floor(Date.now() / 1000) };
  if (opts.sid !== false) claims.sid = opts.sid ?? sid;
  const jwt = await encode({ token: claims, secret: opts.secret, salt: name, maxAge: opts.maxAge });
  return { cookie: `${name}=${jwt}`, sid };
}

/**
 * Whether a live session of the account that began at `signedInAt` (seconds) signs it in
 * (server/auth/caller.ts); an account that does not exist has no session to record.
 */
export async function sessionSignsIn(db: TDb, accountId: number, signedInAt: number | undefined): Promise<boolean> {
  const exists = (await db.account.count({ where: { id: accountId } })) > 0;
  const sid = exists ? await startSession(db, accountId) : "no-session";
  return (await sessionAccountById(db, accountId, signedInAt, hashToken(sid))) !== undefined;
}
