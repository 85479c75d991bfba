import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/server/domain/demo";
import { createSavedFilter } from "~/server/domain/saved-filters/filters";
import { mcpTool } from "~/server/mcp/tools";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { connect, startListener, toolError, type TListener } from "./helpers";
import { markedSeenBy } from "../helpers/saved-filters";

/**
 * Every MCP tool on the demo data, called with the SDK's client through the service's HTTP server:
 * its `structuredContent` is the body of the matching /v1 request, made with the same token.
 */

let t: TTestDb;
let listener: TListener;
let token: string;
let accountId: number;
let client: Client;

beforeAll(async () => {
  t = await openTestDb();
  await seedDemo(t.db, { scale: 1 });
  const owner = await createAccount(t.db, { plan: "unlimited", grant: ["network_a_profiles"] });
  token = owner.token;
  accountId = owner.account.id;
  listener = await startListener();
  client = await connect(listener.base, token);
}, 600_000);
afterAll(async () => {
  await client?.close();
  await listener?.close();
  await t?.close();
});

/**
 * A tool's `structuredContent`. A list tool's result adds `next_cursor` to the /v1 body (its paging:
 * tests/mcp/paging.test.ts), which is checked here and left out, so that the rest compares with /v1.
 */
async function call(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  const text = r.content[0];
  expect(text?.type).toBe("text");
  // The text copy is the same JSON.
  expect(JSON.parse((text as { text: string }).text)).toEqual(r.structuredContent);
  const { next_cursor: next, ...body } = r.structuredContent as Record<string, unknown>;
  if (mcpTool(name)?.list) expect(next === null || typeof next === "string", name).toBe(true);
  else expect(next, name).toBeUndefined();
  return body;
}

async function v1(path: string, method = "GET", body?: unknown): Promise<Record<string, unknown>> {
  const r = await api(method, path, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body as Record<string, unknown>;
}

describe("tools on the demo data match /v1", () => {
  it("search_cards is GET /v1/cards/ with the same filter", async () => {
    const stages = (await v1("/cards/stages/")).data as { slug: string }[];
    const stage = stages[1]!.slug;
    const mcp = await call("search_cards", { stages: [stage], sort: "trending", limit: 7, offset: 2, trending: false });
    expect(mcp).toEqual(await v1(`/cards/?stages=${stage}&sort=trending&limit=7&offset=2&trending=false`));
    expect((mcp.data as unknown[]).length).toBe(7);

    const search = await call("search_cards", { search: "data", created_after: "2020-01-01", view: "compact", include_total: false });
    expect(search).toEqual(await v1("/cards/?search=data&created_after=2020-01-01&view=compact&include_total=false"));
    expect((search.data as unknown[]).length).toBeGreaterThan(0);
  });

  it("get_card and list_card_interactions", async () => {
    const first = ((await v1("/cards/?limit=1&sort=trending")).data as { slug: string }[])[0]!;
    expect(await call("get_card", { slug: first.slug })).toEqual(await v1(`/cards/${first.slug}/`));
    expect(await call("get_card", { slug: first.slug, include_user_data: true })).toEqual(
      await v1(`/cards/${first.slug}/?include_user_data=true`),
    );
    const interactions = await call("list_card_interactions", { slug: first.slug, limit: 3, offset: 1 });
    expect(interactions).toEqual(await v1(`/cards/${first.slug}/interactions/?limit=3&offset=1`));
    expect((interactions.data as unknown[]).length).toBe(3);
  });

  it.each([
    ["stages", "/cards/stages/"],
    ["rounds", "/cards/rounds/"],
    ["categories", "/cards/categories/"],
    ["locations", "/cards/locations/"],
    ["source_types", "/cards/source-types/"],
    ["folders", "/cards/folders/"],
    ["saved_filters", "/cards/filters/"],
  ])("list_reference %s is GET /v1%s", async (kind, path) => {
    const list = await call("list_reference", { kind });
    expect(list).toEqual(await v1(path));
    if (kind !== "folders" && kind !== "saved_filters") expect((list.data as unknown[]).length).toBeGreaterThan(0);
  });

  it("list_saved_filters, saved_filter_new_cards and mark_saved_filter_seen", async () => {
    const f = await createSavedFilter(t.db, accountId, "MCP news", { sort: "name:asc" });
    const listed = await call("list_saved_filters");
    expect(listed).toEqual(await v1("/cards/filters/?include_counts=true"));
    expect((listed.data as Record<string, unknown>[]).find((x) => x.id === f.id)).toMatchObject({
      name: "MCP news",
      last_seen_at: null,
      new_since_seen: 0,
      matching: expect.any(Number),
    });

    const since = await call("saved_filter_new_cards", { id: f.id, since: "2020-01-01", limit: 3, offset: 1, view: "compact" });
    expect(since).toEqual(await v1(`/cards/filters/${f.id}/new/?since=2020-01-01&limit=3&offset=1&view=compact`));
    expect((since.data as unknown[]).length).toBe(3);
    expect(since.meta).toMatchObject({ since: "2020-01-01T00:00:00.000Z", sort: "name:asc" });
    // The card filters apply over the saved filter's, a list as a JSON array.
    const stage = (since.data as { stage: { slug: string | null } }[]).find((c) => c.stage.slug)!.stage.slug!;
    const staged = await call("saved_filter_new_cards", { id: f.id, since: "2020-01-01", stages: [stage] });
    expect(staged).toEqual(await v1(`/cards/filters/${f.id}/new/?since=2020-01-01&stages=${stage}`));
    expect(new Set((staged.data as { stage: { slug: string } }[]).map((c) => c.stage.slug))).toEqual(new Set([stage]));

    await t.db.card.create({ data: { slug: "mcp-news-card", name: "MCP news card" } });
    const fresh = await call("saved_filter_new_cards", { id: f.id });
    expect((fresh.data as { slug: string }[]).map((c) => c.slug)).toEqual(["mcp-news-card"]);
    expect(fresh.meta).toMatchObject({ since: f.created_at });
    expect(((await call("list_saved_filters")).data as Record<string, unknown>[]).find((x) => x.id === f.id)).toMatchObject({
      new_since_seen: 1,
    });

    const seen = await call("mark_saved_filter_seen", { id: f.id });
    expect(seen).toEqual({ data: { id: f.id, last_seen_at: expect.any(String) } });
    const after = await call("saved_filter_new_cards", { id: f.id });
    expect(after.data).toEqual([]);
    expect(after.meta).toMatchObject({ since: (seen.data as { last_seen_at: string }).last_seen_at });
    expect(after).toEqual(await v1(`/cards/filters/${f.id}/new/`));
  });

  it("search_participants and get_participant", async () => {
    const list = await call("search_participants", { limit: 5, sort: "most_active", include_total: true });
    expect(list).toEqual(await v1("/participants/?limit=5&sort=most_active&include_total=true"));
    const slug = (list.data as { slug: string }[])[0]!.slug;
    expect(await call("get_participant", { slug })).toEqual(await v1(`/participants/${slug}/`));
  });

  it("search_profiles, list_collections and list_collection_profiles", async () => {
    const classified = await call("search_profiles", { limit: 4, classification: "potential_founder,strong_potential_founder" });
    expect(classified).toEqual(await v1("/network_a/profiles/?limit=4&classification=potential_founder,strong_potential_founder"));
    expect((classified.data as unknown[]).length).toBe(4);
    // Numbers and booleans are taken as a query string would carry them.
    expect(await call("search_profiles", { limit: 3, include_total: false })).toEqual(
      await v1("/network_a/profiles/?limit=3&include_total=false"),
    );
    const collections = await call("list_collections");
    expect(collections).toEqual(await v1("/network_a/collections/"));
    const slug = (collections.data as { slug: string }[])[0]!.slug;
    const profiles = await call("list_collection_profiles", { collection: slug, limit: 5 });
    expect(profiles).toEqual(await v1(`/network_a/profiles/?collection=${slug}&limit=5`));
    expect((profiles.data as unknown[]).length).toBeGreaterThan(0);
  });

  it("radar_follow, radar_list and radar_updates", async () => {
    const followed = await call("radar_follow", { source: "network_a", network_a_url: "https://network-a.example/in/mcp-follow" });
    const direct = await v1("/radar/applications/", "POST", {
      source: "network_a",
      network_a_url: "https://network-a.example/in/rest-follow",
    });
    expect(Object.keys(followed).sort()).toEqual(Object.keys(direct).sort());
    expect(followed.data).toMatchObject({ source: "network_a", is_tracking: true });
    // Following again answers the existing application, as POST /v1/radar/applications/ does.
    const again = await call("radar_follow", { source: "network_a", network_a_url: "https://network-a.example/in/rest-follow" });
    expect(again.data).toEqual(
      (await v1("/radar/applications/", "POST", { source: "network_a", network_a_url: "https://network-a.example/in/rest-follow" })).data,
    );

    const list = await call("radar_list", { source: "network_a", sort: "name", order: "asc" });
    expect(list).toEqual(await v1("/radar/applications/network_a/?sort=name&order=asc"));
    expect((list.data as unknown[]).length).toBe(2);
    expect(await call("radar_updates", { limit: 10 })).toEqual(await v1("/radar/updates/?limit=10"));
  });
});

describe("errors are tool results with the spec's code", () => {
  it("validation names the parameter", async () => {
    const e = toolError(await client.callTool({ name: "search_cards", arguments: { limit: 0 } }));
    expect(e).toMatchObject({ error: "validation_error", details: { limit: ["must be at least 1"] } });
    expect(e.message).toContain("limit");
    const unknown = toolError(await client.callTool({ name: "search_cards", arguments: { colour: "red" } }));
    expect(unknown).toMatchObject({ error: "validation_error", details: { colour: ["unknown parameter"] } });
    const kind = toolError(await client.callTool({ name: "list_reference", arguments: { kind: "planets" } }));
    expect(kind).toMatchObject({ error: "validation_error", details: { kind: [expect.stringContaining("stages")] } });
    const collection = toolError(await client.callTool({ name: "list_collection_profiles", arguments: {} }));
    expect(collection).toMatchObject({ error: "validation_error", details: { collection: ["is required"] } });
    const nul = toolError(await client.callTool({ name: "search_cards", arguments: { search: "a\u0000b" } }));
    expect(nul).toMatchObject({ error: "validation_error", details: { search: ["must not contain NUL characters"] } });
    // An unpaired surrogate has no UTF-8 form: refused by name, as over /v1.
    const surrogate = toolError(await client.callTool({ name: "search_cards", arguments: { search: "a\ud800" } }));
    expect(surrogate).toMatchObject({
      error: "validation_error",
      details: { search: [expect.stringContaining("unpaired UTF-16 surrogate")] },
    });
  });

  it("not found", async () => {
    expect(toolError(await client.callTool({ name: "get_card", arguments: { slug: "no-such-card" } }))).toEqual(
      (await api("GET", "/cards/no-such-card/", { token })).body,
    );
  });

  it("another account's saved filter is not found, as over /v1", async () => {
    const other = await createAccount(t.db, { plan: "paid" });
    const f = await createSavedFilter(t.db, other.account.id, "Not yours", {});
    const news = toolError(await client.callTool({ name: "saved_filter_new_cards", arguments: { id: f.id } }));
    expect(news).toEqual((await api("GET", `/cards/filters/${f.id}/new/`, { token })).body);
    expect(news.error).toBe("not_found");
    const seen = toolError(await client.callTool({ name: "mark_saved_filter_seen", arguments: { id: f.id } }));
    expect(seen.error).toBe("not_found");
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
    expect(((await call("list_saved_filters")).data as { id: number }[]).map((x) => x.id)).not.toContain(f.id);
    const since = toolError(await client.callTool({ name: "saved_filter_new_cards", arguments: { id: f.id, since: "last week" } }));
    expect(since).toMatchObject({ error: "validation_error", details: { since: [expect.stringContaining("YYYY-MM-DD")] } });
  });

  it("permission missing: raw data without the grant", async () => {
    const plain = await createAccount(t.db, { plan: "paid" });
    const other = await connect(listener.base, plain.token);
    try {
      const e = toolError(await other.callTool({ name: "search_profiles", arguments: {} }));
      expect(e).toEqual((await api("GET", "/network_a/profiles/", { token: plain.token })).body);
      expect(e.error).toBe("permission_denied");
    } finally {
      await other.close();
    }
  });
});
