import { randomBytes } from "node:crypto";
import { getToken } from "next-auth/jwt";
import type { TDb } from "../db/client";
import type { TAccount } from "../domain/access/caller";
import { env } from "../env";
import { logger } from "../lib/logger";
import { hashToken } from "../lib/token-hash";
import { sessionAccountById } from "./caller";

/** The session cookie's name over https (next-auth prefixes it then); `authjs.session-token` otherwise. */
const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

/** How long a browser session lasts from its sign-in (next-auth's `maxAge` and the session row's). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Whether cookies are Secure: the service is served over https (BASE_URL). */
export function secureCookies(): boolean {
  return new URL(env().BASE_URL).protocol === "https:";
}

/** The session JWT a request's Cookie header carries, decoded (undefined when absent or unreadable). */
async function sessionToken(cookie: string | null | undefined) {
  const secret = process.env.AUTH_SECRET;
  if (!cookie || !secret) return undefined;
  return (await getToken({ req: { headers: { cookie } }, secret, secureCookie: cookie.includes(SECURE_SESSION_COOKIE) })) ?? undefined;
}

/**
 * The account a request's Cookie header signs in, without Next: next-auth's session cookie (a JWT
 * encrypted with AUTH_SECRET, by next-auth's own `getToken`), then, in one statement, the live
 * session its `sid` names and the account, if that still exists and its sessions were not ended
 * after this one began. The cookie is looked for under the name next-auth gave it (`__Secure-`
 * when it set it over https). Only the Cookie header is read: `getToken` would also take a JWT
 * from an Authorization header, which is never a session. A cookie that does not decode (another
 * secret, tampered, expired), or whose session was ended (signed out) or has no `sid`, signs in no one.
 */
export async function sessionAccountOf(db: TDb, cookie: string | null | undefined): Promise<TAccount | undefined> {
  const token = await sessionToken(cookie);
  const id = Number(token?.sub);
  if (!Number.isInteger(id) || id <= 0 || typeof token?.sid !== "string") return undefined;
  const signedInAt = typeof token.signed_in_at === "number" ? token.signed_in_at : undefined;
  return sessionAccountById(db, id, signedInAt, hashToken(token.sid));
}

const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** Deletes the sessions that have expired, at most once a minute per process; a failure only logs. */
async function pruneNowAndThen(db: TDb, now: Date): Promise<void> {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS && now.getTime() >= lastPrune) return;
  lastPrune = now.getTime();
  await db.browserSession
    .deleteMany({ where: { expiresAt: { lte: now } } })
    .catch((error: unknown) => logger.warn("could not delete expired browser sessions", { error }));
}

/**
 * Records a new browser session of the account and returns its `sid` (32 random bytes), which the
 * session cookie's JWT carries; the table keeps only its SHA-256, so reading the database (even
 * with AUTH_SECRET) makes no cookie that signs in.
 */
export async function startSession(db: TDb, accountId: number, now: Date = new Date()): Promise<string> {
  await pruneNowAndThen(db, now);
  const sid = randomBytes(32).toString("base64url");
  await db.browserSession.create({
    data: { sidHash: hashToken(sid), accountId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  return sid;
}

/** Ends the browser session `sid` names: no copy of its cookie signs in any more. */
export async function endSession(db: TDb, sid: unknown): Promise<void> {
  if (typeof sid === "string") await db.browserSession.deleteMany({ where: { sidHash: hashToken(sid) } });
}

/** Ends the browser session a request's Cookie header carries, if any. */
export async function endSessionOf(db: TDb, cookie: string | null | undefined): Promise<void> {
  await endSession(db, (await sessionToken(cookie))?.sid);
}
