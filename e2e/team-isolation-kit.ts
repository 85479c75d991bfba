import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { auth, signedInContext, vmon } from "./support";

/**
 * What e2e/team-isolation.spec.ts works with: accounts made with the command line, each with an API
 * token, a browser context signed in through the form, an MCP client on that token and a webhook
 * endpoint on one local receiver (a path per account), whose deliveries are verified with the
 * endpoint's secret.
 */

const PASSWORD = "correct horse battery";

type TJson = Record<string, any>;

/** Deliveries verified with the endpoint's secret, per receiver path. */
export class HookReceiver {
  private server: Server | undefined;
  readonly received = new Map<string, { event: TJson; raw: string }[]>();
  readonly secrets = new Map<string, string>();

  constructor(readonly port: number) {}

  url(name: string): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  of(name: string): { event: TJson; raw: string }[] {
    return this.received.get(name) ?? [];
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const name = (req.url ?? "/").slice(1);
        const raw = Buffer.concat(chunks).toString("utf8");
        const secret = this.secrets.get(name);
        try {
          const event = new Webhook(secret ?? "whsec_AAAA").verify(raw, req.headers as Record<string, string>) as TJson;
          this.received.set(name, [...this.of(name), { event, raw }]);
          res.writeHead(200).end("ok");
        } catch {
          res.writeHead(400).end("bad signature");
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
  }
}

/**
 * The account's token header for a request on a connection of its own: the steps in the browsers
 * leave the test's API connection idle for long, and a kept-alive connection that the server closes
 * as it is reused answers ECONNRESET.
 */
export const authOnce = (token: string) => ({ ...auth(token), connection: "close" });

/** An MCP client with the account's API token (Bearer), kept for the whole test. */
async function mcpClient(baseURL: string, token: string) {
  const client = new Client({ name: "e2e-team-isolation", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", baseURL), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return {
    client,
    /** The tool's structured answer, or `{error}` from an error result. */
    call: async (name: string, args: TJson = {}): Promise<TJson> => {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (r.isError) return { isError: true, ...JSON.parse((r.content[0] as { text: string }).text) };
      return r.structuredContent as TJson;
    },
  };
}

export interface TViewer {
  name: string;
  email: string;
  token: string;
  context: BrowserContext;
  page: Page;
  problems: () => Promise<string[]>;
  mcp: Awaited<ReturnType<typeof mcpClient>>;
}

/** An account (password and a paid-plan token) made with the command line. */
export function createAccount(email: string): string {
  const made = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(made.code, made.stderr).toBe(0);
  const r = vmon(["tokens", "create", "--email", email, "--plan", "paid", "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).token as string;
}

/** The account signed in through the form in a browser context of its own, with its MCP client. */
export async function viewer(browser: Browser, baseURL: string, name: string, email: string, token: string, width?: number) {
  const { context, page, watch } = await signedInContext(browser, baseURL, { email, password: PASSWORD }, { width });
  return { name, email, token, context, page, problems: watch.problems, mcp: await mcpClient(baseURL, token) } satisfies TViewer;
}

/** `vmon teams ... --json`: the team's id. */
export function teamCommand(args: string[]): number {
  const r = vmon(["teams", ...args, "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).team.id as number;
}

/** `vmon import` of JSON Lines records (its cards reach the saved-filter matcher). */
export function importLines(records: TJson[]): void {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-iso-")), "cards.jsonl");
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const r = vmon(["import", file]);
  expect(r.code, r.stderr).toBe(0);
}

/** An endpoint of the account for saved_filter.cards_matched on the receiver's path `name`. */
export async function subscribe(request: APIRequestContext, rx: HookReceiver, name: string, token: string): Promise<void> {
  const r = await request.post("/v1/webhooks/", {
    headers: authOnce(token),
    data: { url: rx.url(name), events: ["saved_filter.cards_matched"] },
  });
  expect(r.status(), await r.text()).toBe(200);
  rx.secrets.set(name, (await r.json()).data.secret);
}

/** Runs `importNext` (an import asks the server's worker for a saved-filter check) until `done()` holds, 10 times at most. */
export async function importUntil(importNext: () => void, done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 10 && !done(); i++) {
    importNext();
    await expect
      .poll(done, { timeout: 8_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  expect(done(), what).toBe(true);
}
