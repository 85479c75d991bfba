import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP, "Slow brute force / device cookies"): a browser that signed in to an
 * account holds a cookie that proves it, `<account id>.<nonce>.<HMAC-SHA256 with the auth secret
 * over both>`. While strangers' failures have locked an e-mail, a browser with a valid cookie for
 * that account still gets its own tries (signin-limit.ts), so nobody can lock the owner out by
 * guessing wrong on purpose. Nothing is stored: the signature proves the cookie, the nonce names
 * the device in the sign-in counters (as a hash).
 */

export const DEVICE_COOKIE = "vmon-device";
/** How long a browser stays known after its last sign-in: a year. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const NONCE_BYTES = 16;

function signature(secret: string, accountId: number, nonce: string): Buffer {
  return createHmac("sha256", secret).update(`vmon device cookie\n${accountId}.${nonce}`, "utf8").digest();
}

/** A new device cookie value for `accountId`. */
export function issueDeviceCookie(secret: string, accountId: number): string {
  const nonce = randomBytes(NONCE_BYTES).toString("base64url");
  return `${accountId}.${nonce}.${signature(secret, accountId, nonce).toString("base64url")}`;
}

export interface TDevice {
  accountId: number;
  /** The device's key in the sign-in counters: a hash of its nonce, never the cookie itself. */
  key: string;
}

/** The device a cookie value proves, or undefined for a missing, malformed or forged one. */
export function readDeviceCookie(secret: string, value: string | undefined): TDevice | undefined {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match) return undefined;
  const accountId = Number(match[1]);
  const nonce = match[2]!;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = signature(secret, accountId, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { accountId, key: createHash("sha256").update(nonce, "utf8").digest("hex") };
}

/** The value of the device cookie in a `Cookie` request header. */
export function deviceCookieFrom(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The cookie's attributes: HttpOnly, SameSite=Lax, for the whole site, a year; Secure when the service is served over https. */
export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: DEVICE_COOKIE_MAX_AGE_S, secure };
}

/** A `Set-Cookie` header value for the device cookie. */
export function deviceSetCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
