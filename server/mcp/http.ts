import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { callerAt, callerFromAuthorization } from "../auth/caller";
import type { TCaller } from "../domain/access/caller";
import { unauthenticatedHeaders } from "../auth/oauth/challenges";
import type { TDb } from "../db/client";
import { AppError } from "../lib/errors";
import { createMcpServer } from "./server";

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (no session id) with JSON responses.
 * Authentication is checked before the MCP exchange: without a valid token the answer is 401 with
 * a `WWW-Authenticate` challenge naming the protected-resource metadata of /mcp, from which an MCP
 * client finds the authorization server (docs/oauth.md). Other methods are 405: with no sessions
 * there is no stream to open with GET and nothing to end with DELETE.
 *
 * The common requests (a tools/call, tools/list) are answered by server/mcp/fast.ts; the rest by the
 * SDK's server and transport, one of each per request, closed once it is answered.
 */

export const isMcpPath = (pathname: string): boolean => pathname === "/mcp" || pathname === "/mcp/";

const JSON_TYPE = "application/json; charset=utf-8";

/** An answer before any MCP exchange (405, 401, 413): the spec's error body. */
export interface TMcpRefusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function refusal(err: AppError, status: number, headers: Record<string, string> = {}): TMcpRefusal {
  return {
    status,
    headers: { "content-type": JSON_TYPE, "cache-control": "no-store", ...err.headers, ...headers },
    body: JSON.stringify(err.toBody()),
  };
}

export const methodNotAllowed = (): TMcpRefusal =>
  refusal(new AppError("method_not_allowed", "The MCP server answers POST only (stateless Streamable HTTP)."), 405, {
    allow: "POST, OPTIONS",
  });

export const payloadTooLarge = (): TMcpRefusal => refusal(new AppError("payload_too_large", "The request body is too large."), 413);

/** Who calls, from the `Authorization` header, or the 401 to answer. */
export async function authenticateMcp(
  prisma: TDb,
  authorization: string | null | undefined,
): Promise<{ caller: TCaller } | { refusal: TMcpRefusal }> {
  // API tokens, and OAuth tokens issued for /mcp only (RFC 8707 audience: callerAt).
  const caller = callerAt("mcp", await callerFromAuthorization(prisma, authorization ?? null));
  if (caller.kind === "anonymous") {
    const message =
      "Authentication credentials were not provided. Send 'Authorization: Bearer <ACCESS_TOKEN>' (an OAuth access token or an API token).";
    return { refusal: refusal(new AppError("not_authenticated", message, { headers: unauthenticatedHeaders(undefined, "mcp") }), 401) };
  }
  if (caller.kind === "invalid") {
    return {
      refusal: refusal(
        new AppError("authentication_failed", caller.reason, { headers: unauthenticatedHeaders("invalid_token", "mcp") }),
        401,
      ),
    };
  }
  return { caller };
}

/**
 * Answers one request with the SDK's server and transport, for an authenticated caller.
 * `parsedBody`, when the caller has already parsed the JSON body, spares the transport reading it
 * again from the request (server/mcp/node.ts).
 */
export async function answerWithSdk(req: Request, prisma: TDb, caller: TCaller, parsedBody?: unknown): Promise<Response> {
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
