import { env } from "../env";

/**
 * The security headers of the service (docs/api.md), in one place for every path that answers:
 * the Node server sets `securityHeaders()` on everything Next serves (pages, static files, `/api`),
 * the REST edge adds the same set to every `/v1` reply, and `proxy.ts` adds the pages'
 * Content-Security-Policy (`contentSecurityPolicy`), which needs a nonce per request.
 */

/** Two years, the value the HSTS preload list asks for. */
const HSTS = "max-age=63072000; includeSubDomains";

/** The headers every response carries; HSTS only when the public address is https. */
export function buildSecurityHeaders(baseUrl: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
  if (new URL(baseUrl).protocol === "https:") headers["strict-transport-security"] = HSTS;
  return Object.freeze(headers);
}

let cached: { baseUrl: string; headers: Readonly<Record<string, string>> } | undefined;

/** This process's set, built once from BASE_URL (again only if a test changes BASE_URL). */
export function securityHeaders(): Readonly<Record<string, string>> {
  const baseUrl = env().BASE_URL;
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, headers: buildSecurityHeaders(baseUrl) };
  return cached.headers;
}

/**
 * Which policy a page gets: `docs` is the API reference (Scalar's bundle), `app` every other page.
 */
export type TPolicyKind = "app" | "docs";

/**
 * The Content-Security-Policy of an HTML page. Scripts run only from a tag carrying this request's
 * nonce (Next puts it on its own tags) or loaded by such a script (`'strict-dynamic'`); no inline
 * script, no eval in production, no plugin, no framing, and requests only to this origin.
 *
 * - `img-src` allows any https image on workspace pages: a card's `image` is an absolute URL on
 *   whatever host the startup's logo lives on, so no list of hosts can be written down, and an
 *   image cannot run code (plain http is left out: it would be mixed content on an https
 *   deployment). The API reference needs no image from elsewhere, so /docs keeps images to this
 *   origin and `data:`, which also makes the browser itself refuse any request of Scalar's to
 *   another host.
 * - Styles: `style` attributes are allowed (`style-src-attr 'unsafe-inline'`): React's `style`
 *   prop writes them, and an attribute can only restyle the page, never run code. `<style>`
 *   elements need the nonce, except on /docs, where Scalar (Vue) inserts `<style>` elements at run
 *   time that carry no nonce, and under `next dev`, whose hot reloading inserts them too.
 * - `'unsafe-eval'` only under `next dev`: React rebuilds server error stacks in the browser
 *   with eval there. Scalar's bundle needs no eval, so /docs does not get it either.
 * - `formTargets`: sources a form of the page may end up at besides this origin. Browsers apply
 *   form-action to the redirects that follow a submission too, and the OAuth consent form's
 *   answer redirects to the client application (see proxy.ts).
 */
export function contentSecurityPolicy({
  nonce,
  kind,
  dev,
  formTargets = [],
}: {
  nonce: string;
  kind: TPolicyKind;
  dev: boolean;
  formTargets?: string[];
}): string {
  const script = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  if (dev) script.push("'unsafe-eval'");
  const inlineStyleElements = dev || kind === "docs";
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", script],
    ["style-src", inlineStyleElements ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", kind === "docs" ? ["'self'", "data:"] : ["'self'", "data:", "https:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...formTargets]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** A fresh nonce for one response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Buffer.from(bytes).toString("base64");
}
