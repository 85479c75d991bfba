import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The demo credentials the started server wrote to its DATA_DIR on first start. */
export function demoCredentials(): { email: string; password: string; token: string } {
  const dataDir = process.env.DATA_DIR ?? ".data";
  return JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
}

/** Runs the command line against the same database as the running server. */
export function vmon(args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, ["bin/vmon.js", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { code: 0, stdout, stderr: "" };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

export const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** A workspace mutation (the browser's tRPC endpoint) from the signed-in page's session; its answer's data. */
export async function workspaceMutation(page: Page, path: string, input: unknown): Promise<unknown> {
  const r = await page.request.post(`/api/trpc/${path}`, {
    headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
    data: JSON.stringify(input),
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { result: { data: unknown } }).result.data;
}

/**
 * Records what a page must never do: a request to a host other than the test server's, a console
 * error, an uncaught exception, a Content-Security-Policy violation (reported by the browser's
 * `securitypolicyviolation` event, which catches violations that a page catches and hides).
 * Call before the first navigation; `problems()` lists what happened, empty when all was well.
 */
export async function watchPage(page: Page, baseURL: string | undefined): Promise<{ problems(): Promise<string[]> }> {
  const server = new URL(baseURL ?? "http://localhost");
  const problems: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return; // data:, blob:
    if (url.host !== server.host) problems.push(`request to another host: ${r.method()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught exception: ${e.message}`));
  await page.exposeBinding("__reportCspViolation", (_source, text: string) => problems.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return {
    // Violations are reported by a task of the page: let the page run its pending tasks first.
    problems: async () => {
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => undefined);
      return [...problems];
    },
  };
}

/** The nonce-based policy every page carries (proxy.ts); returns the policy's text. */
export function expectPagePolicy(headers: Record<string, string>): string {
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toMatch(/(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  return policy;
}

/**
 * How long to wait for the page after a sign-in: the server hashes the password with scrypt at
 * N=2^17 (server/lib/password-cost.ts), about 0.4 s of an idle core and several seconds on a
 * loaded test machine.
 */
export const SIGNIN_WAIT = { timeout: 20_000 };

/** Signs in through the form with the demo account; ends on /cards. */
export async function signIn(page: Page): Promise<void> {
  const { email, password } = demoCredentials();
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);
}

/**
 * A browser context of its own signed in as `email` through the form, watched for console errors:
 * from /signin to /cards, or from `path` back to it after the sign-in; `width` sets a phone-sized
 * viewport.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string | undefined,
  credentials: { email: string; password: string },
  opts: { width?: number; path?: string } = {},
) {
  const context = await browser.newContext(opts.width ? { viewport: { width: opts.width, height: 844 } } : {});
  const page = await context.newPage();
  const watch = await watchPage(page, baseURL);
  await page.goto(opts.path ?? "/signin");
  await page.getByLabel("E-mail").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(opts.path ? new RegExp(`${opts.path}$`) : /\/cards$/, SIGNIN_WAIT);
  return { context, page, watch };
}

/** axe-core finds no serious or critical violation on the page as it is now (`what` names it in the failure). */
export async function expectNoSeriousA11yViolation(page: Page, what: string): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map(
      (v) =>
        `${what}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    ),
  ).toEqual([]);
}

/** A workspace list table (app/_ui/data-table.tsx) by its test id: its rows, a wait for settled rows, one column's texts. */
export function listTable(testId: string) {
  const table = (page: Page) => page.getByTestId(testId);
  const rows = (page: Page) => table(page).locator("tbody tr");
  return {
    table,
    rows,
    /** The table is no longer busy and shows rows. */
    settled: async (page: Page) => {
      await expect(table(page)).toHaveAttribute("aria-busy", "false");
      await expect(rows(page).first()).toBeVisible();
    },
    /** The text of one column (by header label) on every row. */
    column: async (page: Page, label: string): Promise<string[]> => {
      const headers = await table(page).locator("thead th").allTextContents();
      const i = headers.findIndex((h) => h.replace(/[▲▼↕]/g, "").trim().toLowerCase() === label.toLowerCase());
      expect(i, `column ${label} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
      return rows(page)
        .locator(`td:nth-child(${i + 1})`)
        .allTextContents();
    },
  };
}
