import { describe, expect, it } from "vitest";
import { sameOriginPath } from "~/server/auth/callback-url";

/** Where a sign-in may lead (server/auth/callback-url.ts): pages of this service only. */
const ORIGIN = "https://vm.example.com";

describe("the page after sign-in", () => {
  it("keeps a path of this service with its query and fragment exactly", () => {
    expect(sameOriginPath("/cards?stages=mvp", ORIGIN)).toBe("/cards?stages=mvp");
    expect(sameOriginPath("/oauth/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=x#f", ORIGIN)).toBe(
      "/oauth/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=x#f",
    );
    expect(sameOriginPath(`${ORIGIN}/folders`, ORIGIN)).toBe("/folders");
    expect(sameOriginPath("/%09/evil.example/", ORIGIN)).toBe("/%09/evil.example/"); // an encoded tab is a path on this site
    // The page's own scheme without slashes is a relative reference, as browsers read it.
    expect(sameOriginPath("https:evil.example/", ORIGIN)).toBe("/evil.example/");
  });

  it("falls back to the default page for anything that a browser would take to another host", () => {
    for (const value of [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r\n/evil.example/",
      "\\/evil.example/",
      "/\\evil.example/",
      "\\\\evil.example/",
      "//evil.example/",
      " //evil.example/",
      "/\t/evil.example",
      "/.//evil.example/",
      "/..//evil.example/",
      "http://evil.example/",
      "http:evil.example/",
      "HTTPS://evil.example/",
      "http:/\\evil.example",
      "http://vm.example.com/cards", // another scheme is another origin
      "https://vm.example.com:444/cards",
      "https://vm.example.com@evil.example/",
      "javascript:alert(document.domain)",
      "data:text/html,<script>alert(1)</script>",
    ]) {
      expect(sameOriginPath(value, ORIGIN), JSON.stringify(value)).toBe("/cards");
    }
  });

  it("falls back for what is no URL at all", () => {
    for (const value of [undefined, null, 42, "", "   ", "http://[::1"]) expect(sameOriginPath(value, ORIGIN)).toBe("/cards");
    expect(sameOriginPath("//evil.example/", ORIGIN, "/signin")).toBe("/signin");
  });
});
