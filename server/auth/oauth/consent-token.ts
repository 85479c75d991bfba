import { createHmac } from "node:crypto";
import { safeEqual } from "~/server/lib/token-hash";
import type { TAuthorizeRequest } from "./authorize";

/**
 * The consent form's CSRF token: an HMAC, under the service's secret, of the signed-in account and
 * the exact request shown (client, redirect URI, scopes, challenge, state, resources), with the time it was
 * shown. A decision is accepted only from the same account, for the same request, within 10 minutes.
 */
const VALID_MS = 10 * 60_000;

function secret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s) throw new Error("AUTH_SECRET is not set");
  return s;
}

function mac(accountId: number, request: TAuthorizeRequest, issuedAt: number): string {
  const subject = JSON.stringify([
    "oauth-consent",
    accountId,
    request.client.id,
    request.redirectUri,
    request.scopes,
    request.codeChallenge,
    request.state ?? null,
    request.resources,
    issuedAt,
  ]);
  return createHmac("sha256", secret()).update(subject).digest("base64url");
}

export function consentToken(accountId: number, request: TAuthorizeRequest, now = Date.now()): string {
  return `${now}.${mac(accountId, request, now)}`;
}

export function checkConsentToken(token: string, accountId: number, request: TAuthorizeRequest, now = Date.now()): boolean {
  const [at, sig] = token.split(".");
  const issuedAt = Number(at);
  if (!sig || !Number.isSafeInteger(issuedAt) || now - issuedAt > VALID_MS || issuedAt > now + 60_000) return false;
  return safeEqual(sig, mac(accountId, request, issuedAt));
}
