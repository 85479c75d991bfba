import type { TEnv } from "../env";

/**
 * The address next-auth builds its URLs from: its redirects (after a sign-in, a refusal, a
 * sign-out) and whether its cookies are Secure with `__Secure-`/`__Host-` names. Without
 * `AUTH_URL`, next-auth takes the host and scheme of each request from `X-Forwarded-Host` and
 * `X-Forwarded-Proto`, which any client can send. So unless reverse proxies are declared
 * (TRUST_PROXY > 0, and then they are the ones writing those headers), `AUTH_URL` is BASE_URL's
 * origin: the host and scheme come from the service's configuration, never from the request.
 */
export function authUrl(config: Pick<TEnv, "BASE_URL" | "TRUST_PROXY">): string | undefined {
  return config.TRUST_PROXY === 0 ? new URL(config.BASE_URL).origin : undefined;
}
