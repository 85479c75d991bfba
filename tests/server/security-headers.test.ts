import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { buildSecurityHeaders, contentSecurityPolicy, newNonce, securityHeaders } from "~/server/lib/security-headers";

/** The security headers (docs/api.md) and the pages' Content-Security-Policy, as values. */

/** A policy as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    expect(out.has(name!), `directive ${name} given twice`).toBe(false);
    out.set(name!, values);
  }
  return out;
}

describe("the headers of every response", () => {
  it("over http: nosniff and the referrer policy, no HSTS", () => {
    expect(buildSecurityHeaders("http://localhost:3000")).toEqual({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });

  it("over https: also HSTS for two years, subdomains included", () => {
    expect(buildSecurityHeaders("https://vm.example/base")).toEqual({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=63072000; includeSubDomains",
    });
  });

  describe("for this process, from BASE_URL", () => {
    const saved = process.env.BASE_URL;
    afterEach(() => {
      process.env.BASE_URL = saved;
      resetEnvCache();
    });

    it("follows BASE_URL and is built once for it", () => {
      process.env.BASE_URL = "https://vm.example";
      resetEnvCache();
      const first = securityHeaders();
      expect(first["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
      expect(securityHeaders()).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);

      process.env.BASE_URL = "http://localhost:3000";
      resetEnvCache();
      expect(securityHeaders()["strict-transport-security"]).toBeUndefined();
    });
  });
});

describe("the pages' Content-Security-Policy", () => {
  const nonce = "bm9uY2Utb2YtdGhpcy10ZXN0";

  it("lets only nonced scripts (and what they load) run, with no eval, framing or plugin, in production", () => {
    for (const kind of ["app", "docs"] as const) {
      const d = directives(contentSecurityPolicy({ nonce, kind, dev: false }));
      expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(d.get("default-src")).toEqual(["'self'"]);
      expect(d.get("connect-src")).toEqual(["'self'"]);
      expect(d.get("font-src")).toEqual(["'self'"]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      expect(d.get("object-src")).toEqual(["'none'"]);
      expect(d.get("base-uri")).toEqual(["'self'"]);
      expect(d.get("form-action")).toEqual(["'self'"]);
      expect(d.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    }
  });

  it("workspace pages: style elements need the nonce; images from this origin, data: and any https host", () => {
    const d = directives(contentSecurityPolicy({ nonce, kind: "app", dev: false }));
    expect(d.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(d.get("img-src")).toEqual(["'self'", "data:", "https:"]);
  });

  it("/docs: inline style elements (Scalar inserts them), images only from this origin and data:", () => {
    const d = directives(contentSecurityPolicy({ nonce, kind: "docs", dev: false }));
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get("img-src")).toEqual(["'self'", "data:"]);
    expect(d.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("under next dev: eval and inline style elements for hot reloading", () => {
    const d = directives(contentSecurityPolicy({ nonce, kind: "app", dev: true }));
    expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("a form may also end up at the given targets (the OAuth consent form's redirect)", () => {
    const d = directives(contentSecurityPolicy({ nonce, kind: "app", dev: false, formTargets: ["http://127.0.0.1:53682"] }));
    expect(d.get("form-action")).toEqual(["'self'", "http://127.0.0.1:53682"]);
  });

  it("nonces are 128 random bits, new every time", () => {
    const seen = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(seen.size).toBe(50);
    for (const n of seen) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
