import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { callTool, type TMcpRequestContext } from "./call";
import { resultCap } from "./paging";
import { mcpTool, mcpTools } from "./tools";

const MCP_SERVER_INFO = { name: "venture-monitor", title: "Venture Monitor", version: "1.0.0" } as const;

const INSTRUCTIONS = [
  "Venture Monitor: curated cards on startups and the participants (investors, people) whose interactions signal them,",
  "founder profiles (restricted), and a radar that follows people and reports their changes.",
  "Start with search_cards (list_reference gives the slugs its filters take), then get_card for one card.",
  "list_saved_filters shows what is new in the account's saved filters; saved_filter_new_cards lists those cards.",
  "list_folders gives the account's and its team's folders; get_card_comments reads the team's thread on a card.",
  "List tools take limit, cursor (pass the previous result's next_cursor to continue; null means the end), fields (keep only",
  `those fields of each item) and response_format (json, or markdown for readable text); a result is cut to ${resultCap.chars.toLocaleString("en-US")} characters`,
  "(truncated: true with a note) and next_cursor continues after the last item it holds.",
  "Every tool call counts as one request against the account's quota.",
].join(" ");

let listed: Tool[] | undefined;
let listedJson: string | undefined;

const TOOLS_CALL = z.looseObject({ method: z.literal("tools/call") });

/** The server validates nothing with JSON Schema (no elicitation); one validator serves every request instead of a new one each. */
let validator: AjvJsonSchemaValidator | undefined;

/** tools/list: every tool with its schemas and annotations (built once per process). */
function toolList(): Tool[] {
  listed ??= mcpTools().map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    annotations: t.readOnly
      ? { title: t.title, readOnlyHint: true, openWorldHint: false }
      : { title: t.title, readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }));
  return listed;
}

/** The tools/list result `{tools}` as JSON (built once per process). */
export function toolListJson(): string {
  listedJson ??= JSON.stringify({ tools: toolList() });
  return listedJson;
}

/**
 * One MCP server for one HTTP request (the transport is stateless): the low-level SDK server, so
 * that the tools' arguments reach the procedures unparsed and their own validation answers (the
 * high-level McpServer would check them against a zod schema first, with its own messages).
 */
export function createMcpServer(request: TMcpRequestContext): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  // The SDK checks a tools/call request itself (InvalidParams when malformed) only after the
  // handler's own schema has parsed it, whose failure would be an internal error (-32603): the
  // handler is registered with the method alone and reads the request the SDK has checked.
  server.setRequestHandler(TOOLS_CALL, async (message) => {
    const { params } = CallToolRequestSchema.parse(message);
    const tool = mcpTool(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}. tools/list names the tools.`);
    return callTool(request, tool, params.arguments ?? {});
  });
  return server;
}
