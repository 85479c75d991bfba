import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { requestListener } from "~/server/http";

/**
 * The MCP server as the service's HTTP server serves it (server/http.ts, a real listener), reached
 * with the SDK's own client. Next is replaced by a stub that answers 418.
 */

export interface TListener {
  base: string;
  close(): Promise<void>;
}

export async function startListener(): Promise<TListener> {
  const server: Server = createServer(
    requestListener(async (_req, res) => void res.writeHead(418, { "content-type": "text/plain" }).end("not Next")),
  );
  // Idle keep-alive sockets stay open for as long as a test may hold the event loop (compiling
  // every tool's schemas takes seconds on a busy machine): a socket the server closed at its default
  // 5 s, just as fetch reuses it, fails that request with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeIdleConnections();
      }),
  };
}

/** An MCP client connected to `base`/mcp with `Authorization: Bearer <token>`. */
export async function connect(base: string, token: string): Promise<Client> {
  const client = new Client({ name: "venture-monitor-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The error body `{error, message, ...}` of a tool result with isError. */
export function toolError(result: CallToolResult | Record<string, unknown>): { error: string; message: string; [k: string]: unknown } {
  const r = result as CallToolResult;
  if (!r.isError) throw new Error(`expected an error result, got ${JSON.stringify(r).slice(0, 300)}`);
  const text = r.content.find((c) => c.type === "text");
  if (!text || text.type !== "text") throw new Error("error result without text");
  return JSON.parse(text.text) as { error: string; message: string };
}

/** A raw JSON-RPC POST to /mcp (for what the SDK client would never send). */
export async function rawPost(base: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });
}
