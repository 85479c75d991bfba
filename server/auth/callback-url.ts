/**
 * Where a sign-in may send the browser afterwards: a page of this service only. The sign-in page
 * takes `callbackUrl` from its query, so anyone can put a link to it with a callback of their
 * choosing; browsers drop tabs and line breaks from URLs and read `\` as `/`, so a value like
 * `/\t/evil.example` that looks like a path leads to another host. The value is therefore parsed
 * as a browser would, against the service's own origin (BASE_URL), and only a result on that
 * origin is kept, as its path, query and fragment; anything else gives `fallback`.
 */
const DEFAULT_AFTER_SIGNIN = "/cards";

/** The request header the proxy (proxy.ts) sets to the page's path and query, for the sign-in callback. */
export const REQUESTED_PATH_HEADER = "x-vmon-requested-path";

/** The sign-in page that returns to `path` (a path of this service) once signed in. */
export function signInHref(path: string | null | undefined): string {
  if (!path || !path.startsWith("/") || path === DEFAULT_AFTER_SIGNIN) return "/signin";
  return `/signin?callbackUrl=${encodeURIComponent(path)}`;
}

export function sameOriginPath(value: unknown, origin: string, fallback: string = DEFAULT_AFTER_SIGNIN): string {
  if (typeof value !== "string" || value.trim() === "") return fallback;
  const own = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(value, own);
  } catch {
    return fallback;
  }
  if (url.origin !== own) return fallback;
  // A path starting with `//` (from `/.//host`) would be read as another host when used as a link.
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
