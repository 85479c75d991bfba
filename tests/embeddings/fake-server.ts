import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hashEmbedding } from "~/server/domain/embeddings/providers/hash";

/**
 * A small OpenAI-compatible embedding server for tests. `mode` decides how it answers:
 * ok (hash vectors of `dims`, data in reverse order with indexes), hang (never answers),
 * garbage (not JSON), no-data, wrong-dims, status-500.
 */
type TFakeMode = "ok" | "hang" | "garbage" | "no-data" | "wrong-dims" | "status-500";

export interface TFakeServer {
  url: string;
  mode: TFakeMode;
  requests: { path: string; authorization?: string; body: { model?: string; input?: string[] } }[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeEmbeddingServer(dims: number): Promise<TFakeServer> {
  const hanging = new Set<import("node:http").ServerResponse>();
  const state: TFakeServer = { url: "", mode: "ok", requests: [], close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = JSON.parse(raw || "{}") as { model?: string; input?: string[] };
    state.requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
    const send = (status: number, payload: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(payload);
    };
    const input = body.input ?? [];
    switch (state.mode) {
      case "hang":
        hanging.add(res);
        return;
      case "garbage":
        return send(200, "<html>oops</html>");
      case "no-data":
        return send(200, JSON.stringify({ object: "list" }));
      case "status-500":
        return send(500, JSON.stringify({ error: "boom" }));
      case "wrong-dims":
        return send(200, JSON.stringify({ data: input.map((_, index) => ({ index, embedding: [0.1, 0.2] })) }));
      case "ok": {
        const data = input.map((text, index) => ({ object: "embedding", index, embedding: hashEmbedding(text, dims) })).reverse();
        return send(200, JSON.stringify({ object: "list", data, model: body.model }));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
