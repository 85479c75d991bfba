import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { Ajv } from "ajv";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/api/rest/openapi";
import { createSavedFilter } from "~/server/domain/saved-filters/filters";
import { createFolder } from "~/server/domain/userdata/folders";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import { base, discover, registerApp, tokensFor } from "../oauth/helpers";
import { connect, rawPost, startListener, toolError, type TListener } from "./helpers";
import { markedSeenBy } from "../helpers/saved-filters";

/**
 * The MCP server's contract around the tools: the tool list and its schemas, authentication and
 * OAuth scopes, quota counting, isolation between accounts, and protocol errors (never a 500).
 */

let t: TTestDb;
let listener: TListener;
let as: oauth.AuthorizationServer;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  alice = await createAccount(t.db, { plan: "paid" });
  bob = await createAccount(t.db, { plan: "paid" });
  listener = await startListener();
  as = await discover();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

async function withClient<T>(token: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = await connect(listener.base, token);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** The /v1 operation each tool calls (the same procedure). */
const OPERATIONS: Record<string, string> = {
  autocomplete: "GET /autocomplete/",
  lookup_cards: "POST /cards/lookup/",
  aggregate_cards: "GET /cards/aggregate/",
  search_cards: "POST /cards/",
  get_card: "GET /cards/{slug}/",
  list_card_interactions: "GET /cards/{slug}/interactions/",
  list_reference: "GET /cards/stages/",
  list_saved_filters: "GET /cards/filters/",
  saved_filter_new_cards: "GET /cards/filters/{id}/new/",
  mark_saved_filter_seen: "POST /cards/filters/{id}/seen/",
  list_folders: "GET /cards/folders/",
  get_card_comments: "GET /cards/{slug}/comments/",
  search_participants: "GET /participants/",
  get_participant: "GET /participants/{slug}/",
  search_profiles: "GET /network_a/profiles/",
  list_collections: "GET /network_a/collections/",
  list_collection_profiles: "GET /network_a/profiles/",
  radar_follow: "POST /radar/applications/",
  radar_list: "GET /radar/applications/{source}/",
  radar_updates: "GET /radar/updates/",
};

type TJson = Record<string, any>;

/** The tools that answer a list: they take `cursor`, `fields` and `response_format` and answer `next_cursor`. */
const LIST_TOOLS = new Set(
  `search_cards list_card_interactions list_reference list_saved_filters saved_filter_new_cards list_folders get_card_comments
   search_participants search_profiles list_collections list_collection_profiles radar_list radar_updates`.split(/\s+/),
);

describe("tools/list", () => {
  it("lists the design's tools with schemas derived from the /v1 operations' parameters", async () => {
    const { tools } = await withClient(alice.token, (c) => c.listTools());
    expect(tools.map((x) => x.name).sort()).toEqual(Object.keys(OPERATIONS).sort());
    const doc = openApiDocument("http://localhost:3000") as unknown as { paths: Record<string, Record<string, TJson>> };
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      const [method, path] = OPERATIONS[tool.name]!.split(" ") as [string, string];
      const op = doc.paths[path]![method.toLowerCase()]!;
      // Path and query parameters, and the body's fields.
      const params: string[] = [
        ...((op.parameters ?? []) as { name: string }[]).map((p) => p.name),
        ...Object.keys(op.requestBody?.content["application/json"].schema.properties ?? {}),
      ];
      const names = Object.keys(tool.inputSchema.properties ?? {});
      // list_reference adds the list's kind; list_saved_filters always asks for the counts.
      const own =
        tool.name === "list_reference"
          ? ["kind", ...params]
          : tool.name === "list_saved_filters"
            ? params.filter((p) => p !== "include_counts")
            : params;
      // A list tool adds its paging arguments (tests/mcp/paging.test.ts), `fields` and `limit` where the operation has none.
      const list = LIST_TOOLS.has(tool.name);
      const paging = list ? ["cursor", "response_format", "fields", "limit"].filter((p) => !own.includes(p)) : [];
      const expected = [...own, ...paging];
      expect(names.sort(), tool.name).toEqual(expected.sort());
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      // Both compile as JSON Schema; the output one accepts the operation's documented example.
      ajv.compile(tool.inputSchema);
      const validate = ajv.compile(tool.outputSchema!);
      const body = op.responses["200"].content["application/json"].example;
      // A list tool's result is the operation's body with `next_cursor`.
      const example = list ? { ...body, next_cursor: null } : body;
      expect(validate(example), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(tool.outputSchema?.required ?? (tool.outputSchema?.anyOf as TJson[])[0]!.required, tool.name).toEqual(
        list ? expect.arrayContaining(["next_cursor"]) : expect.not.arrayContaining(["next_cursor"]),
      );
      // Reads say so; the scope named is the operation's.
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(!["radar_follow", "mark_saved_filter_seen"].includes(tool.name));
      const scope = (op.security as TJson[]).find((s) => s.OAuth2)?.OAuth2[0];
      expect(tool.description, tool.name).toContain(`OAuth scope: ${scope}.`);
      expect(tool.description!.length, tool.name).toBeGreaterThan(100);
    }
    const search = tools.find((x) => x.name === "search_cards")!;
    expect(search.inputSchema.properties).toMatchObject({
      limit: { type: "integer", minimum: 1 },
      stages: { type: "array", items: { type: "string" } },
      semantic: { type: "boolean" },
      min_similarity: { type: "number", minimum: 0, maximum: 1 },
      created_after: { type: "string", format: "date" },
      view: { enum: ["default", "compact"] },
    });
    expect(tools.find((x) => x.name === "list_collection_profiles")!.inputSchema.required).toEqual(["collection"]);
    expect(tools.find((x) => x.name === "radar_follow")!.inputSchema.required).toEqual(["source"]);
    for (const name of ["saved_filter_new_cards", "mark_saved_filter_seen"]) {
      const schema = tools.find((x) => x.name === name)!.inputSchema;
      expect(schema.required, name).toEqual(["id"]);
      expect(schema.properties!.id, name).toMatchObject({ type: "integer", minimum: 1 });
    }
  });
});

describe("authentication", () => {
  it("401 without a token points at the protected-resource metadata of /mcp, which names the authorization server", async () => {
    const r = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: "not_authenticated" });
    const challenge = r.headers.get("www-authenticate");
    expect(challenge).toBe('Bearer resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp"');
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");

    const meta = await fetch(`${listener.base}/.well-known/oauth-protected-resource/mcp`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ resource: "http://localhost:3000/mcp", authorization_servers: ["http://localhost:3000"] });
  });

  it("401 invalid_token for a bad token", async () => {
    const r = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      authorization: "Bearer vmo_nope",
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: "authentication_failed" });
    expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("an OAuth token for /mcp works within its scopes; cards:read cannot follow on the radar", async () => {
    const app = await registerApp(t.db, { name: "Agent" });
    const tokens = await tokensFor(t.db, as, app, alice.account.id, { scope: "cards:read", resource: `${base()}/mcp` });
    await withClient(tokens.access_token, async (c) => {
      const ok = await c.callTool({ name: "search_cards", arguments: { limit: 2 } });
      expect(ok.isError).toBeFalsy();
      expect((ok.structuredContent as TJson).data).toHaveLength(2);
      const e = toolError(await c.callTool({ name: "radar_follow", arguments: { source: "network_a", username: "someone" } }));
      expect(e).toEqual({
        error: "permission_denied",
        message: "This access token lacks the scope 'radar:write'. Ask for it when authorizing.",
      });
      expect(toolError(await c.callTool({ name: "radar_list", arguments: { source: "network_a" } })).message).toContain("radar:read");
    });
    // The saved filter tools need cards:read.
    const f = await createSavedFilter(t.db, alice.account.id, "Scoped", {});
    const radarOnly = await tokensFor(t.db, as, app, alice.account.id, { scope: "radar:read", resource: `${base()}/mcp` });
    await withClient(radarOnly.access_token, async (c) => {
      for (const [name, args] of [
        ["list_saved_filters", {}],
        ["saved_filter_new_cards", { id: f.id }],
        ["mark_saved_filter_seen", { id: f.id }],
      ] as const) {
        const e = toolError(await c.callTool({ name, arguments: args }));
        expect(e, name).toEqual({
          error: "permission_denied",
          message: "This access token lacks the scope 'cards:read'. Ask for it when authorizing.",
        });
      }
    });
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
    await withClient(tokens.access_token, async (c) => {
      expect((await c.callTool({ name: "saved_filter_new_cards", arguments: { id: f.id } })).isError).toBeFalsy();
      expect((await c.callTool({ name: "mark_saved_filter_seen", arguments: { id: f.id } })).isError).toBeFalsy();
    });
    const { data } = (await api("GET", "/radar/applications/network_a/", { token: alice.token })).body;
    expect(data).toEqual([]);
  });
});

describe("quota", () => {
  it("counts one request per tool call (not the handshake or tools/list) and reports the limit when exhausted", async () => {
    const free = await createAccount(t.db, { plan: "free", limit: 3 });
    await withClient(free.token, async (c) => {
      await c.listTools();
      for (let i = 0; i < 3; i++) expect((await c.callTool({ name: "list_reference", arguments: { kind: "stages" } })).isError).toBeFalsy();
      const e = toolError(await c.callTool({ name: "list_reference", arguments: { kind: "stages" } }));
      expect(e).toMatchObject({ error: "throttled", plan: "free" });
      expect(e.message).toContain("lifetime limit of 3 requests");
    });
  });

  it("answers a tool call with the rate-limit headers of /v1", async () => {
    const paid = await createAccount(t.db, { plan: "paid" });
    const call = (id: number) =>
      rawPost(
        listener.base,
        JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_reference", arguments: { kind: "rounds" } } }),
        {
          authorization: `Bearer ${paid.token}`,
        },
      );
    const first = await call(1);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("500");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("499");
    expect((await call(2)).headers.get("x-ratelimit-remaining")).toBe("498");
    const body = (await (await call(3)).json()) as TJson;
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 3, result: { structuredContent: { data: expect.any(Array) } } });
    const list = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }), {
      authorization: `Bearer ${paid.token}`,
    });
    expect(list.headers.get("x-ratelimit-remaining")).toBeNull();
    expect((await api("GET", "/token/validate/", { token: paid.token })).body.data.access.used).toBe(4);
  });
});

describe("isolation between accounts", () => {
  it("saved filters of one account are not another's", async () => {
    const f = await createSavedFilter(t.db, alice.account.id, "Alice's news", {});
    await withClient(alice.token, async (c) => {
      const listed = (await c.callTool({ name: "list_saved_filters", arguments: {} })).structuredContent as TJson;
      expect(listed.data.map((x: TJson) => x.id)).toContain(f.id);
    });
    await withClient(bob.token, async (c) => {
      expect(((await c.callTool({ name: "list_saved_filters", arguments: {} })).structuredContent as TJson).data).toEqual([]);
      expect(toolError(await c.callTool({ name: "saved_filter_new_cards", arguments: { id: f.id } })).error).toBe("not_found");
      expect(toolError(await c.callTool({ name: "mark_saved_filter_seen", arguments: { id: f.id } })).error).toBe("not_found");
    });
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
  });

  it("folders and radar follows of one account are not another's", async () => {
    const folder = await createFolder(t.db, alice.account.id, "Alice's pipeline");
    await withClient(alice.token, async (c) => {
      const folders = (await c.callTool({ name: "list_reference", arguments: { kind: "folders" } })).structuredContent as TJson;
      expect(folders.data.map((f: TJson) => f.id)).toContain(folder.id);
      expect(
        (await c.callTool({ name: "radar_follow", arguments: { source: "network_a", username: "alice-follows" } })).isError,
      ).toBeFalsy();
    });
    await withClient(bob.token, async (c) => {
      expect(((await c.callTool({ name: "list_reference", arguments: { kind: "folders" } })).structuredContent as TJson).data).toEqual([]);
      const e = toolError(await c.callTool({ name: "search_cards", arguments: { folder_ids: [folder.id] } }));
      expect(e).toMatchObject({ error: "validation_error" });
      expect(e.message).toContain("folder_ids");
      const radar = (await c.callTool({ name: "radar_list", arguments: { source: "network_a" } })).structuredContent as TJson;
      expect(radar.data).toEqual([]);
      expect(radar.pagination.total).toBe(0);
    });
  });
});

describe("finding cards by name", () => {
  it("autocomplete answers typed results, lookup_cards one row per identifier, aggregate_cards the list's counts, and none shows another's folder", async () => {
    await createFolder(t.db, alice.account.id, "Alpha shortlist");
    await withClient(alice.token, async (c) => {
      const typed = (await c.callTool({ name: "autocomplete", arguments: { q: "alp", limit: 5 } })).structuredContent as TJson;
      expect(typed.data.map((r: TJson) => `${r.type}:${r.name}`)).toEqual(["folder:Alpha shortlist", "card:Alpha DEX"]);
      const found = (await c.callTool({ name: "lookup_cards", arguments: { identifiers: ["alpha-dex", "Gamma AI", "nope-nope"] } }))
        .structuredContent as TJson;
      expect(found.data.map((r: TJson) => [r.status, r.matched_on, r.card?.slug])).toEqual([
        ["matched", "slug", "alpha-dex"],
        ["matched", "name", "gamma-ai"],
        ["not_found", undefined, undefined],
      ]);
      expect(toolError(await c.callTool({ name: "lookup_cards", arguments: { identifiers: [] } })).error).toBe("validation_error");
      const counted = (await c.callTool({ name: "aggregate_cards", arguments: { group_by: "stage", search: "a", limit: 50 } }))
        .structuredContent as TJson;
      const listed = (await c.callTool({ name: "search_cards", arguments: { search: "a", limit: 1 } })).structuredContent as TJson;
      expect(counted.meta.total).toBe(listed.pagination.total);
      expect(counted.data.reduce((sum: number, g: TJson) => sum + g.count, 0)).toBe(listed.pagination.total);
      const inFolder = toolError(await c.callTool({ name: "aggregate_cards", arguments: { group_by: "stage", folder_ids: [999_999] } }));
      expect(inFolder.error).toBe("validation_error");
      expect(inFolder.message).toContain("folder_ids");
    });
    await withClient(bob.token, async (c) => {
      const typed = (await c.callTool({ name: "autocomplete", arguments: { q: "alp", types: ["folder"] } })).structuredContent as TJson;
      expect(typed.data).toEqual([]);
    });
  });
});

describe("protocol errors, never a 500", () => {
  const auth = () => ({ authorization: `Bearer ${alice.token}` });

  it("malformed JSON is a JSON-RPC parse error", async () => {
    const r = await rawPost(listener.base, "{not json", auth());
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ jsonrpc: "2.0", error: { code: ErrorCode.ParseError } });
  });

  it("a body that is not a JSON-RPC message is refused as such", async () => {
    // An empty batch holds no request: nothing to answer (the SDK's 202).
    expect((await rawPost(listener.base, "[]", auth())).status).toBe(202);
    for (const body of ['{"jsonrpc":"2.0","id":1}', "42", '{"hello":"world"}', '{"jsonrpc":"2.0","id":1,"method":5}']) {
      const r = await rawPost(listener.base, body, auth());
      expect(r.status, body).toBe(400);
      // The SDK's transport answers -32700 ("Invalid JSON-RPC message") or -32600.
      expect([ErrorCode.ParseError, ErrorCode.InvalidRequest], body).toContain(((await r.json()) as TJson).error.code);
    }
  });

  it("an unknown method or tool is a JSON-RPC error", async () => {
    const r = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/explode" }), auth());
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ id: 7, error: { code: ErrorCode.MethodNotFound } });
    await withClient(alice.token, async (c) => {
      const err = await c.callTool({ name: "drop_database", arguments: {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((err as McpError).message).toContain("Unknown tool: drop_database");
      // Arguments of the wrong shape for tools/call itself.
      const bad = await rawPost(
        listener.base,
        JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: 5 } }),
        auth(),
      );
      expect(((await bad.json()) as TJson).error.code).toBe(ErrorCode.InvalidParams);
    });
  });

  it("GET and DELETE are 405; a preflight is answered with CORS", async () => {
    for (const method of ["GET", "DELETE", "PUT"]) {
      const r = await fetch(`${listener.base}/mcp`, { method, headers: auth() });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await r.json()).toMatchObject({ error: "method_not_allowed" });
    }
    const pre = await fetch(`${listener.base}/mcp`, {
      method: "OPTIONS",
      headers: {
        origin: "https://agent.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-headers")).toContain("MCP-Protocol-Version");
  });

  it("a body over 4 MiB is refused with 413 before it is parsed", async () => {
    const r = await rawPost(
      listener.base,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(5 * 1024 * 1024) } }),
      auth(),
    );
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("a client that does not accept JSON is told so (406), not failed", async () => {
    const r = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      ...auth(),
      accept: "text/html",
    });
    expect(r.status).toBe(406);
  });
});
