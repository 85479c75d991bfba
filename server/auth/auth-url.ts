import type { TEnv } from "../env";

/**
 * The address next-auth builds its URLs from: its redirects (after a sign-in, a refusal, a
 * sign-out), the URLs of `/api/auth/providers` and of its own pages, and whether its cookies are
 * Secure with `__Secure-`/`__Host-` names. Without `AUTH_URL`, next-auth takes them from the
 * request as Next sees it: the address the server listens on (`http://localhost:PORT`), or
 * `X-Forwarded-Host` and `X-Forwarded-Proto`, which any client can send and which a reverse proxy
 * may leave out. So `AUTH_URL` is always BASE_URL's origin: the service's public address comes
 * from its configuration, never from the request or the listening socket, with or without
 * declared proxies (TRUST_PROXY only says which address a request comes from).
 */
export function authUrl(config: Pick<TEnv, "BASE_URL">): string {
  return new URL(config.BASE_URL).origin;
}
