import { defineConfig } from "@playwright/test";
import { specsOf, type TE2eScope } from "./e2e/scopes";

/**
 * Browser and black-box REST tests against a started server (`node bin/start.js`). `npm test`
 * provides a fresh database through DATA_DIR / DATABASE_URL; the server seeds the demo dataset and
 * writes the demo credentials to DATA_DIR/demo-credentials.json.
 */
const port = Number(process.env.E2E_PORT ?? 3111);
/**
 * Where the started server sends e-mail: an SMTP server that a spec expecting mail
 * (e2e/password-reset.spec.ts, e2e/notification-mail.spec.ts, e2e/alert-mail.spec.ts) starts in the
 * test process on this port (tests/helpers/smtp.ts), one spec at a time (`workers: 1` below).
 * Nothing listens there otherwise: what the server sends meanwhile is refused and tried again.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
/** A server that is already running (the cluster step of `npm test`): no server of the tests' own. */
const external = process.env.E2E_BASE_URL;
/** `E2E_SCOPE=database`: only the specs that depend on the database (e2e/scopes.ts). */
const scope = process.env.E2E_SCOPE as TE2eScope | undefined;

export default defineConfig({
  testDir: "e2e",
  ...(scope ? { testMatch: specsOf(scope) } : {}),
  // Failure artifacts; `npm test` gives each database its own folder (Playwright empties it first).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  timeout: 60_000,
  // CI runs both databases' suites side by side on two cores (load 9-11): a page's first data call
  // then takes several seconds (a card page's team panel among them). What the user would see
  // in time still shows within 15 s; a missing element still fails, only later.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report (file named by PLAYWRIGHT_JSON_OUTPUT_NAME) feeds the summary of `npm test`.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: "node bin/start.js",
        url: `http://localhost:${port}/readyz`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        // WEBHOOKS_ALLOW_PRIVATE: the webhooks spec's receiver listens on 127.0.0.1.
        // OAUTH_DYNAMIC_REGISTRATION: the MCP client of e2e/mcp-sdk-auth.spec.ts registers itself.
        // SMTP_URL: the specs that expect mail receive the server's e-mail on E2E_SMTP_PORT.
        env: {
          PORT: String(port),
          BASE_URL: `http://localhost:${port}`,
          LOG_LEVEL: "warn",
          NEXT_TELEMETRY_DISABLED: "1",
          WEBHOOKS_ALLOW_PRIVATE: "1",
          OAUTH_DYNAMIC_REGISTRATION: "1",
          SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        },
      },
});
