import type { IncomingMessage, ServerResponse } from "node:http";
import { failRequest } from "../api/rest/node";
import { AppError } from "../lib/errors";
import { handleMcp } from "./http";

/**
 * /mcp served from Node's request (server/http.ts). The body is read here into one buffer, so the
 * transport parses a string rather than a web stream piped from the socket (measurably cheaper
 * per request, docs/benchmarks.md), and a body over the transport's own bound is refused before
 * it is read whole.
 */

const MAX_BODY_BYTES = 4 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function serveMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    let body: Buffer | undefined;
    if (req.method === "POST") {
      body = await readBody(req);
      if (body === undefined) {
        const tooLarge = new AppError("payload_too_large", "The request body is too large.");
        res.writeHead(413, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(tooLarge.toBody()));
        return;
      }
    }
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    // A body that parses is handed over parsed; one that does not goes to the transport as text,
    // which answers the JSON-RPC parse error.
    const text = body?.toString("utf8");
    const parsed = text === undefined ? undefined : parseJson(text);
    const request = new Request(`http://localhost${req.url ?? "/mcp"}`, { method, headers, body: parsed === undefined ? text : undefined });
    const response = await handleMcp(request, parsed);
    const answer = req.method === "HEAD" ? "" : await response.text();
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    out["content-length"] = String(Buffer.byteLength(answer));
    res.writeHead(response.status, out);
    res.end(answer || undefined);
  } catch (err) {
    failRequest(req, res, err);
  }
}
