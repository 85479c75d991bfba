import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { runTool, type TMcpRequestContext } from "./call";
import { toolListJson } from "./server";
import { mcpTool, type TTool } from "./tools";

/**
 * The common requests answered without the SDK's server and transport: a single, well-formed
 * `tools/call` of a known tool or a plain `tools/list`, from a client whose headers the SDK's
 * transport would accept. The answer is the one the SDK would give (same result, same JSON), but
 * without a server and a transport built per request, the message and result checked again
 * against the SDK's zod schemas, and Fetch objects around them: that machinery cost more CPU than
 * the tool call itself (docs/benchmarks.md). Anything else — initialize, notifications, batches,
 * unknown tools or methods, malformed messages, unusual headers — goes to the SDK (server/mcp/http.ts),
 * which answers it, errors included, as the protocol says.
 */

/** The request headers the transport checks, as Node gives them (lower-case names). */
export interface TMcpHeaders {
  accept?: string;
  "content-type"?: string;
  "mcp-protocol-version"?: string | string[];
}

export type TFastRequest =
  { id: string | number; kind: "call"; tool: TTool; args: Record<string, unknown> } | { id: string | number; kind: "list" };

const MESSAGE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const CALL_KEYS = new Set(["name", "arguments"]);
const VERSIONS = new Set<string>(SUPPORTED_PROTOCOL_VERSIONS);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function onlyKeys(obj: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const key in obj) if (!allowed.has(key)) return false;
  return true;
}

/** Headers the SDK's transport lets through: it accepts both JSON and SSE, sends JSON, speaks a supported version. */
function headersFit(headers: TMcpHeaders): boolean {
  const accept = headers.accept;
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return false;
  const type = headers["content-type"];
  if (type !== "application/json" && type?.split(";", 1)[0]!.trim().toLowerCase() !== "application/json") return false;
  const version = headers["mcp-protocol-version"];
  return version === undefined || (typeof version === "string" && VERSIONS.has(version));
}

/** The request when the fast path answers it, else undefined (the SDK answers). */
export function fastRequest(headers: TMcpHeaders, message: unknown): TFastRequest | undefined {
  if (!isPlainObject(message) || !onlyKeys(message, MESSAGE_KEYS) || message.jsonrpc !== "2.0") return undefined;
  const { id, method, params } = message;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isSafeInteger(id))) return undefined;
  if (!headersFit(headers)) return undefined;
  if (method === "tools/call") {
    if (!isPlainObject(params) || !onlyKeys(params, CALL_KEYS) || typeof params.name !== "string") return undefined;
    const args = params.arguments === undefined ? {} : params.arguments;
    const tool = mcpTool(params.name);
    if (!tool || !isPlainObject(args)) return undefined;
    return { id, kind: "call", tool, args };
  }
  if (method === "tools/list") {
    if (params !== undefined && !(isPlainObject(params) && Object.keys(params).length === 0)) return undefined;
    return { id, kind: "list" };
  }
  return undefined;
}

/**
 * The JSON-RPC answer to a fast request. A tool's output is serialised once: `structuredContent` is
 * that JSON spliced in as it is, and the text content is that JSON (or a list tool's markdown) as a string.
 */
export async function answerFast(request: TMcpRequestContext, fast: TFastRequest): Promise<string> {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(fast.id)},"result":`;
  if (fast.kind === "list") return `${head}${toolListJson()}}`;
  const outcome = await runTool(request, fast.tool, fast.args);
  if ("error" in outcome) return `${head}${JSON.stringify(outcome.error)}}`;
  return `${head}{"content":[{"type":"text","text":${JSON.stringify(outcome.text)}}],"structuredContent":${outcome.json}}}`;
}
