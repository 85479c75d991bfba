/**
 * Where a browser request was sent from, for the checks against cross-site request forgery
 * (OWASP's CSRF cheat sheet, "Verifying Origin With Standard Headers"): the `Origin` header, or,
 * when a browser sent none, the origin of the `Referer` header. Browsers set `Origin` on every
 * POST (`null` from sandboxed or privacy-sensitive contexts), and a page cannot forge either header.
 */

export type TSource = "same-origin" | "cross-origin" | "unknown";

/** Whether `headers` name `own` (an origin such as `https://vm.example.com`) as the request's source. */
export function requestSource(headers: Pick<Headers, "get">, own: string): TSource {
  const origin = headers.get("origin");
  if (origin !== null) return origin === own ? "same-origin" : "cross-origin";
  const referer = headers.get("referer");
  if (referer === null || referer === "") return "unknown";
  try {
    return new URL(referer).origin === own ? "same-origin" : "cross-origin";
  } catch {
    return "cross-origin";
  }
}
