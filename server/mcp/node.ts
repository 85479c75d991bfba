import type { IncomingMessage, ServerResponse } from "node:http";
import { failRequest } from "../api/rest/node";
import { db } from "../db/client";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../lib/json-depth";
import { answerFast, fastRequest } from "./fast";
import { answerWithSdk, authenticateMcp, methodNotAllowed, payloadTooLarge, type TMcpRefusal } from "./http";

/**
 * /mcp served from Node's request (server/http.ts). The body is read here into one buffer and
 * parsed once, and a body over the transport's own bound is refused before it is read whole; a
 * message nested deeper than `MAX_JSON_DEPTH` is refused before it is parsed. A
 * common request (server/mcp/fast.ts) is answered straight to Node's response; any other goes to
 * the SDK's transport as a Fetch `Request` with the parsed message (or, when it does not parse, the
 * text, which the transport answers with the JSON-RPC parse error).
 */

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const JSON_ANSWER = "application/json";
/** A message nested deeper than any MCP request needs: JSON-RPC's "Invalid Request", before anything parses it. */
const TOO_DEEP = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: {
    code: -32600,
    message: `Invalid Request: the message is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`,
  },
});

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

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" || !body ? undefined : body);
}

const refuse = (req: IncomingMessage, res: ServerResponse, r: TMcpRefusal) => send(req, res, r.status, r.headers, r.body);

export async function serveMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    if (req.method !== "POST") return refuse(req, res, methodNotAllowed());
    const body = await readBody(req);
    if (body === undefined) return refuse(req, res, payloadTooLarge());
    const prisma = await db();
    const auth = await authenticateMcp(prisma, req.headers.authorization);
    if ("refusal" in auth) return refuse(req, res, auth.refusal);
    const text = body.toString("utf8");
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH))
      return send(req, res, 400, { "content-type": JSON_ANSWER, "cache-control": "no-store" }, TOO_DEEP);
    const parsed = parseJson(text);

    const fast = fastRequest(req.headers, parsed);
    if (fast) {
      const headers: Record<string, string> = { "content-type": JSON_ANSWER, "cache-control": "no-store" };
      const answer = await answerFast(
        { db: prisma, caller: auth.caller, resHeaders: { set: (k, v) => (headers[k.toLowerCase()] = v) } },
        fast,
      );
      return send(req, res, 200, headers, answer);
    }

    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    const request = new Request(`http://localhost${req.url ?? "/mcp"}`, {
      method: "POST",
      headers,
      body: parsed === undefined ? text : undefined,
    });
    const response = await answerWithSdk(request, prisma, auth.caller, parsed);
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    send(req, res, response.status, out, await response.text());
  } catch (err) {
    failRequest(req, res, err);
  }
}
