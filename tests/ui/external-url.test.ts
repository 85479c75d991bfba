import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ExternalLink } from "~/app/_ui/external-link";
import { httpUrl } from "~/app/_ui/external-url";

/** Imported URLs become link targets only when they are http(s) (app/_ui/external-url.ts). */

describe("httpUrl", () => {
  it("takes absolute http and https URLs", () => {
    expect(httpUrl("https://ledgerly.example.com/about")).toBe("https://ledgerly.example.com/about");
    expect(httpUrl("HTTP://Example.com")).toBe("http://example.com/");
    expect(httpUrl("  https://x.example.com/a?b=1#c ")).toBe("https://x.example.com/a?b=1#c");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example.com/",
    "/cards/x",
    "www.example.com",
    "https:evil.example.com",
    "https://",
    "",
  ])("refuses %j", (value) => {
    expect(httpUrl(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const v of [null, undefined, 42, {}, ["https://x.example.com"]]) expect(httpUrl(v)).toBeNull();
  });
});

describe("ExternalLink", () => {
  const html = (url: unknown) => renderToStaticMarkup(ExternalLink({ url, children: "Website" }));

  it("renders an http(s) URL as a link opened without referrer", () => {
    expect(html("https://ledgerly.example.com/")).toBe(
      '<a href="https://ledgerly.example.com/" class="text-sky-800 underline" rel="noreferrer noopener" target="_blank">Website</a>',
    );
  });

  it("renders anything else as plain text, with no href", () => {
    for (const url of ["javascript:alert(document.cookie)", "data:text/html,x", null]) {
      const out = html(url);
      expect(out).toBe("<span>Website</span>");
      expect(out).not.toContain("href");
    }
  });
});
