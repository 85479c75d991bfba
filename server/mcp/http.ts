import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { callerFromAuthorization } from "../auth/caller";
import { unauthenticatedHeaders } from "../auth/oauth/challenges";
import { db } from "../db/client";
import { AppError } from "../lib/errors";
import { createMcpServer } from "./server";

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (no session id) with JSON responses:
 * each request gets its own server and transport, closed once it is answered. Authentication is
 * checked before the MCP exchange: without a valid token the answer is 401 with a
 * `WWW-Authenticate` challenge naming the protected-resource metadata of /mcp, from which an MCP
 * client finds the authorization server (docs/oauth.md). Other methods are 405: with no sessions
 * there is no stream to open with GET and nothing to end with DELETE.
 */

export const isMcpPath = (pathname: string): boolean => pathname === "/mcp" || pathname === "/mcp/";

const JSON_TYPE = "application/json; charset=utf-8";

function errorResponse(err: AppError, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(err.toBody()), { status, headers: { "content-type": JSON_TYPE, "cache-control": "no-store", ...err.headers, ...headers } });
}

/**
 * Answers one request. `parsedBody`, when the caller has already parsed the JSON body, spares the
 * transport reading it again from the request (server/mcp/node.ts).
 */
export async function handleMcp(req: Request, parsedBody?: unknown): Promise<Response> {
  if (req.method !== "POST") {
    return errorResponse(new AppError("method_not_allowed", "The MCP server answers POST only (stateless Streamable HTTP)."), 405, { allow: "POST, OPTIONS" });
  }
  const prisma = await db();
  const caller = await callerFromAuthorization(prisma, req.headers.get("authorization"));
  if (caller.kind === "anonymous") {
    const message = "Authentication credentials were not provided. Send 'Authorization: Bearer <ACCESS_TOKEN>' (an OAuth access token or an API token).";
    return errorResponse(new AppError("not_authenticated", message, { headers: unauthenticatedHeaders(undefined, "mcp") }), 401);
  }
  if (caller.kind === "invalid") {
    return errorResponse(new AppError("authentication_failed", caller.reason, { headers: unauthenticatedHeaders("invalid_token", "mcp") }), 401);
  }

  const resHeaders = new Headers();
  const server = createMcpServer({ db: prisma, caller, resHeaders: { set: (k, v) => resHeaders.set(k, v) } });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const res = await transport.handleRequest(req, parsedBody === undefined ? undefined : { parsedBody });
    // A JSON answer's body is already a string, which closing the server leaves alone; the
    // rate-limit headers of the tool calls are added to it.
    resHeaders.forEach((v, k) => res.headers.set(k, v));
    res.headers.set("cache-control", "no-store");
    return res;
  } finally {
    await server.close();
  }
}
