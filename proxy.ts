import { NextResponse, type NextRequest } from "next/server";
import { REQUESTED_PATH_HEADER } from "./server/auth/callback-url";
import { contentSecurityPolicy, newNonce } from "./server/lib/security-headers";

/**
 * Runs before Next renders a page (Next's proxy, formerly middleware):
 * - `GET /` is the public API catalog for API clients and the workspace for browsers: JSON unless
 *   the Accept header prefers text/html (docs/api.md).
 * - Every page gets a Content-Security-Policy with a nonce of its own. Next reads the nonce from
 *   the policy set on the request and puts it on the scripts it renders (every page is rendered per
 *   request: the root layout waits for the request); the same policy goes on the response.
 * The other security headers are set by the Node server (server/http.ts) on every response.
 */
export function proxy(req: NextRequest) {
  if (req.nextUrl.pathname === "/" && !prefersHtml(req.headers.get("accept") ?? "")) {
    return NextResponse.rewrite(new URL("/api/catalog", req.url));
  }
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    kind: isDocsPage(req.nextUrl.pathname) ? "docs" : "app",
    dev: process.env.NODE_ENV === "development",
    formTargets: req.nextUrl.pathname.startsWith("/oauth/consent") ? consentFormTarget(req.nextUrl.searchParams) : [],
  });
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", policy);
  // The page asked for, for the workspace layout: signed out, it sends the browser to sign in with
  // this path as the callback, so the sign-in returns to the same view (set here, never taken from
  // the client; the sign-in page keeps same-origin paths only).
  headers.set(REQUESTED_PATH_HEADER, `${req.nextUrl.pathname}${req.nextUrl.search}`);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

function isDocsPage(path: string): boolean {
  return path === "/docs" || path === "/docs/";
}

/**
 * The OAuth consent form posts to this origin, which answers with a redirect to the client's
 * redirect URI; browsers check that redirect against form-action, so the consent page allows the
 * redirect URI's origin (or its scheme, for an app's private scheme). The page shows its form only
 * once the request is checked (a registered client and redirect URI); otherwise it has no form.
 * Its address always names the redirect URI the answer goes to, also when the app left it out
 * (the authorization endpoint and the page add it: consentQuery in server/auth/oauth/authorize.ts).
 */
function consentFormTarget(query: URLSearchParams): string[] {
  let uri: URL;
  try {
    uri = new URL(query.get("redirect_uri") ?? "");
  } catch {
    return [];
  }
  if (uri.protocol === "http:" || uri.protocol === "https:") return [uri.origin];
  return /^[a-z][a-z0-9+.-]*:$/i.test(uri.protocol) ? [uri.protocol] : [];
}

function prefersHtml(accept: string): boolean {
  let html = -1;
  let json = -1;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === "text/html" || type === "application/xhtml+xml") html = Math.max(html, q);
    if (type === "application/json") json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

/**
 * Pages only: not Next's static files, the JSON routes (/api, /v1), the API reference's script
 * (/docs/assets), the files of public/, or the OAuth authorization endpoint's route handlers
 * (/oauth/authorize, /oauth/authorize/decision: redirects, and error pages with a policy of
 * their own).
 */
export const config = {
  matcher: ["/((?!_next/|api/|v1/|v1$|docs/assets/|oauth/authorize|favicon\\.svg$|favicon\\.ico$).*)"],
};
