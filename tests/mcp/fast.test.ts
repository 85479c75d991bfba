import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastRequest } from "~/server/mcp/fast";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import { rawPost, startListener, type TListener } from "./helpers";

/**
 * The fast path of /mcp (server/mcp/fast.ts) answers exactly what the SDK's server would: which
 * requests it takes, and the same answers as through the SDK (a request with `_meta` goes there).
 */

const HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
const call = (params: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params, ...extra });

describe("which requests take the fast path", () => {
  it("a single tools/call of a known tool, or a plain tools/list, with headers the transport accepts", () => {
    expect(fastRequest(HEADERS, call({ name: "search_cards", arguments: { limit: 2 } }))).toMatchObject({
      kind: "call",
      id: 1,
      args: { limit: 2 },
    });
    expect(fastRequest(HEADERS, call({ name: "list_reference" }))).toMatchObject({ kind: "call", args: {} });
    expect(fastRequest(HEADERS, { jsonrpc: "2.0", id: "a", method: "tools/list" })).toEqual({ kind: "list", id: "a" });
    expect(
      fastRequest(
        { ...HEADERS, "content-type": "Application/JSON; charset=utf-8", "mcp-protocol-version": "2025-06-18" },
        { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
      ),
    ).toEqual({ kind: "list", id: 2 });
  });

  it("everything else goes to the SDK", () => {
    const others: [string, Record<string, unknown>, unknown][] = [
      ["batch", HEADERS, [call({ name: "search_cards" })]],
      ["initialize", HEADERS, { jsonrpc: "2.0", id: 1, method: "initialize", params: {} }],
      ["notification", HEADERS, { jsonrpc: "2.0", method: "notifications/initialized" }],
      ["unknown method", HEADERS, { jsonrpc: "2.0", id: 1, method: "tools/explode" }],
      ["unknown tool", HEADERS, call({ name: "drop_database" })],
      ["name not a string", HEADERS, call({ name: 5 })],
      ["arguments not an object", HEADERS, call({ name: "search_cards", arguments: [1] })],
      ["arguments null", HEADERS, call({ name: "search_cards", arguments: null })],
      ["id beyond safe integers", HEADERS, { ...call({ name: "search_cards" }), id: 2 ** 60 }],
      ["_meta", HEADERS, call({ name: "search_cards", _meta: { progressToken: 1 } })],
      ["task", HEADERS, call({ name: "search_cards", task: {} })],
      ["extra member", HEADERS, call({ name: "search_cards" }, { extra: true })],
      ["fractional id", HEADERS, { ...call({ name: "search_cards" }), id: 1.5 }],
      ["no id", HEADERS, { jsonrpc: "2.0", method: "tools/call", params: { name: "search_cards" } }],
      ["jsonrpc 1.0", HEADERS, { ...call({ name: "search_cards" }), jsonrpc: "1.0" }],
      ["tools/list with a cursor", HEADERS, { jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "x" } }],
      ["no SSE in Accept", { ...HEADERS, accept: "application/json" }, call({ name: "search_cards" })],
      ["not JSON", { ...HEADERS, "content-type": "text/plain" }, call({ name: "search_cards" })],
      ["unsupported version", { ...HEADERS, "mcp-protocol-version": "1999-01-01" }, call({ name: "search_cards" })],
      ["not parsed", HEADERS, undefined],
    ];
    for (const [what, headers, message] of others) expect(fastRequest(headers, message), what).toBeUndefined();
  });
});

describe("the same answers as the SDK's server", () => {
  let t: TTestDb;
  let listener: TListener;
  let token: string;
  beforeAll(async () => {
    t = await openTestDb();
    await seedCards(t.db);
    token = (await createAccount(t.db, { plan: "paid" })).token;
    listener = await startListener();
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  /** The answer of the fast path and of the SDK (the same request with `_meta`), headers and body. */
  async function both(method: string, params: Record<string, unknown>) {
    const post = async (p: Record<string, unknown>) => {
      const r = await rawPost(listener.base, JSON.stringify({ jsonrpc: "2.0", id: 9, method, params: p }), {
        authorization: `Bearer ${token}`,
      });
      return {
        status: r.status,
        type: r.headers.get("content-type"),
        limit: r.headers.get("x-ratelimit-limit"),
        body: (await r.json()) as unknown,
      };
    };
    return [await post(params), await post({ ...params, _meta: {} })] as const;
  }

  it("a tool's result, its error results and the tool list", async () => {
    for (const [method, params] of [
      ["tools/call", { name: "search_cards", arguments: { limit: 3, sort: "trending" } }],
      ["tools/call", { name: "get_card", arguments: { slug: "no-such-card" } }],
      ["tools/call", { name: "search_cards", arguments: { limit: "many" } }],
      ["tools/call", { name: "list_reference", arguments: { kind: "rounds" } }],
      ["tools/call", { name: "search_cards", arguments: { limit: 2, sort: "name:asc", response_format: "markdown" } }],
      ["tools/call", { name: "search_cards", arguments: { cursor: "not-a-cursor" } }],
      ["tools/list", {}],
    ] as const) {
      const [fast, sdk] = await both(method, params);
      expect(fast, JSON.stringify(params)).toEqual(sdk);
      expect(fast.status).toBe(200);
      expect(fast.type).toContain("application/json");
    }
    const [fast] = await both("tools/call", { name: "get_card", arguments: { slug: "no-such-card" } });
    expect(fast.body).toMatchObject({ result: { isError: true } });
  });
});
