import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { TDb } from "~/server/db/client";
import { api, createAccount } from "../helpers/api";
import { browserCaller } from "../helpers/trpc";

/**
 * A webhook receiver for tests: every request is verified with the `standardwebhooks` package
 * against the endpoint's secret(s); `answer` decides each reply (status, body, delay, headers).
 */

export interface TReceived {
  headers: IncomingHttpHeaders;
  body: string;
  event: { type: string; timestamp: string; data: any };
  /** Which of the secrets verified it (index), -1 when none did. */
  verifiedWith: number;
}

export interface TReply {
  status?: number;
  body?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

export class Receiver {
  received: TReceived[] = [];
  secrets: string[] = [];
  answer: (n: number, r: TReceived) => TReply = () => ({ status: 200, body: "ok" });
  private server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const headers = req.headers as Record<string, string>;
        const verifiedWith = this.secrets.findIndex((s) => {
          try {
            new Webhook(s).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        });
        let event: TReceived["event"];
        try {
          event = JSON.parse(body);
        } catch {
          event = { type: "unparsable", timestamp: "", data: body };
        }
        const r: TReceived = { headers: req.headers, body, event, verifiedWith };
        this.received.push(r);
        const reply = this.answer(this.received.length, r);
        const send = () => {
          res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...reply.headers });
          res.end(reply.body ?? "");
        };
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/**
 * A new account with a token and an endpoint subscribed to saved_filter.cards_matched on a
 * receiver of its own (added to `receivers`, for the test to stop), and its workspace caller.
 */
export async function subscribedAccount(db: TDb, receivers: Receiver[]) {
  const a = await createAccount(db);
  const rx = await new Receiver().start();
  receivers.push(rx);
  const r = await api("POST", "/webhooks/", { token: a.token, body: { url: rx.url, events: ["saved_filter.cards_matched"] } });
  if (r.status !== 200) throw new Error(`the endpoint was not created: ${r.status} ${JSON.stringify(r.body)}`);
  rx.secrets.push(r.body.data.secret);
  return { id: a.account.id, email: a.account.email, token: a.token, rx, ui: await browserCaller(db, a.account.id) };
}
