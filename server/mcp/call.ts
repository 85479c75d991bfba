import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TCaller } from "../domain/access/caller";
import type { TDb } from "../db/client";
import { toErrorResponse } from "../api/rest/errors";
import { findUnstorableText, unstorableTextError } from "../lib/stored-text";
import type { TContext } from "../api/trpc";
import { createCaller } from "./app-caller";
import { preparePage, shapePage } from "./paging";
import type { TTool } from "./tools";

/** What one HTTP request to /mcp knows: the database, who calls, and where response headers go. */
export interface TMcpRequestContext {
  db: TDb;
  caller: TCaller;
  resHeaders: TContext["resHeaders"];
}

/**
 * A tool's outcome: the result (the /v1 response body, for a list tool with its paging fields) as
 * a value and as its JSON text, and the text content (that JSON, or markdown); or an error result.
 */
export type TToolOutcome = { output: Record<string, unknown>; json: string; text: string } | { error: CallToolResult };

/**
 * Runs a tool: its procedure through a server-side tRPC caller with a fresh context, so that the
 * procedure's middlewares run as for a /v1 request (authentication, OAuth scope, quota: one tool
 * call is one counted request, with the same rate-limit headers). The output is the /v1 response
 * body, serialised once as that body is (dates as strings); an error is a result with `isError`
 * and the spec's error body `{error, message, ...}` as its text. A list tool's paging arguments are
 * read first (an error before the procedure runs, and before its quota counts) and its answer is
 * shaped into the tool's page (paging.ts).
 */
export async function runTool(request: TMcpRequestContext, tool: TTool, args: Record<string, unknown>): Promise<TToolOutcome> {
  try {
    // Text the database cannot store (NUL, an unpaired surrogate) is refused by name, as on /v1.
    const fault = findUnstorableText(args, "arguments");
    if (fault) throw unstorableTextError(fault);
    const page = tool.list ? preparePage(tool.name, tool.list, args) : undefined;
    const { call, input } = tool.route(page ? page.args : args);
    const ctx: TContext = { db: request.db, caller: request.caller, transport: "rest", resHeaders: request.resHeaders };
    // The arguments reach the procedure unparsed: its own input schema validates them.
    const output = (await call(createCaller(ctx))(input as never)) as Record<string, unknown>;
    if (page && tool.list) return shapePage(tool.name, tool.list, page, output);
    const json = JSON.stringify(output);
    return { output, json, text: json };
  } catch (err) {
    const { body, headers } = toErrorResponse(err, `mcp:${tool.name}`);
    for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === "retry-after") request.resHeaders.set(k, v);
    return { error: { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] } };
  }
}

/**
 * A tool call as the SDK's server answers it: the result's JSON as `structuredContent`, with its
 * text (a copy of that JSON, or a list tool's markdown). The JSON-RPC answer is serialised as the
 * /v1 body is, so the structured copy reaches the client as the same JSON as the text copy.
 */
export async function callTool(request: TMcpRequestContext, tool: TTool, args: Record<string, unknown>): Promise<CallToolResult> {
  const outcome = await runTool(request, tool, args);
  if ("error" in outcome) return outcome.error;
  return { content: [{ type: "text", text: outcome.text }], structuredContent: outcome.output };
}
