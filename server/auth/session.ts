import { getToken } from "next-auth/jwt";
import type { TDb } from "../db/client";
import type { TAccount } from "../domain/access/caller";
import { env } from "../env";
import { sessionAccountById } from "./caller";

/** The session cookie's name over https (next-auth prefixes it then); `authjs.session-token` otherwise. */
const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

/** Whether cookies are Secure: the service is served over https (BASE_URL). */
export function secureCookies(): boolean {
  return new URL(env().BASE_URL).protocol === "https:";
}

/**
 * The account a request's Cookie header signs in, without Next: next-auth's session cookie (a JWT
 * encrypted with AUTH_SECRET, by next-auth's own `getToken`), then the account it names, if that
 * still exists and its sessions were not ended after this one began. The cookie is looked for
 * under the name next-auth gave it (`__Secure-` when it set it over https). Only the Cookie header
 * is read: `getToken` would also take a JWT from an Authorization header, which is never a session.
 * A cookie that does not decode (another secret, tampered, expired) signs in no one.
 */
export async function sessionAccountOf(db: TDb, cookie: string | null | undefined): Promise<TAccount | undefined> {
  const secret = process.env.AUTH_SECRET;
  if (!cookie || !secret) return undefined;
  const token = await getToken({ req: { headers: { cookie } }, secret, secureCookie: cookie.includes(SECURE_SESSION_COOKIE) });
  const id = Number(token?.sub);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const signedInAt = typeof token?.signed_in_at === "number" ? token.signed_in_at : undefined;
  return sessionAccountById(db, id, signedInAt);
}
