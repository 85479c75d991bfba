import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { loopback, signInIfAsked } from "./oauth-app";

/**
 * An MCP client configured with only the server's URL, with the SDK's own OAuth support: its
 * first request is refused with 401, from which the SDK finds the protected-resource metadata and
 * the authorization server's, registers itself (dynamic client registration, which the test
 * server enables), and sends the browser to the authorization page with PKCE and the `resource`
 * of /mcp; Chromium signs in and clicks Allow; the redirect, caught by a loopback listener, gives
 * the code that the transport exchanges for tokens. The client then lists the tools and calls
 * every one of them on the demo data.
 */

/** What an MCP client keeps between runs, here in memory; the browser step is the test's own. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  readonly expectedState = crypto.randomUUID();

  constructor(readonly redirectUrl: string) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E SDK Agent",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state = () => this.expectedState;
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier!;
}

type TJson = Record<string, any>;

test("an MCP client given only the server URL signs in through the SDK's OAuth support and uses every tool", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const mcpUrl = new URL("/mcp", baseURL);
  const redirect = await loopback();
  const provider = new MemoryProvider(`http://127.0.0.1:${redirect.port}/callback`);
  try {
    // 1. The first connection: 401 → metadata → registration → an authorization URL, then UnauthorizedError.
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    const refused = await new Client({ name: "e2e-sdk-agent", version: "1.0.0" }).connect(first).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^vmc_/); // registered dynamically
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.href.startsWith(new URL("/oauth/authorize", baseURL).href)).toBe(true);
    expect(authorizationUrl.searchParams.get("resource")).toBe(mcpUrl.href);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    // 2. The user in the browser: sign in, Allow; the redirect brings the code.
    const arrived = redirect.next();
    await page.goto(authorizationUrl.href);
    await signInIfAsked(page);
    await expect(page.getByRole("heading", { name: /Allow E2E SDK Agent/ })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    const back = await arrived;
    expect(back.searchParams.get("state")).toBe(provider.expectedState);
    expect(back.searchParams.get("iss")).toBe(new URL(baseURL!).origin);
    await first.finishAuth(back.searchParams.get("code")!);
    expect(provider.saved?.access_token).toBeTruthy();
  } finally {
    redirect.server.close();
  }

  // 3. A new connection with the same provider: the SDK sends the access token itself.
  const mcp = new Client({ name: "e2e-sdk-agent", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  try {
    const { tools } = await mcp.listTools();
    const call = async (name: string, args: Record<string, unknown>): Promise<TJson> => {
      const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
      return result.structuredContent as TJson;
    };
    const called = new Set<string>();
    const use = async (name: string, args: Record<string, unknown>) => {
      called.add(name);
      return call(name, args);
    };

    const cards = await use("search_cards", { limit: 3, sort: "trending" });
    expect(cards.data).toHaveLength(3);
    const slug = cards.data[0].slug as string;
    expect(JSON.stringify(await use("get_card", { slug }))).toContain(`"slug":"${slug}"`);
    await use("list_card_interactions", { slug, limit: 5 });
    // The card again by the start of its name, and by its slug in a bulk lookup.
    const name = cards.data[0].name as string;
    const typed = (await use("autocomplete", { q: name, types: ["card"], limit: 25 })).data as TJson[];
    expect(typed.map((r) => r.slug)).toContain(slug);
    const looked = (await use("lookup_cards", { identifiers: [slug, "no-such-card-anywhere"] })).data as TJson[];
    expect(looked.map((r) => [r.status, r.card?.slug])).toEqual([
      ["matched", slug],
      ["not_found", undefined],
    ]);
    const perStage = (await use("aggregate_cards", { group_by: "stage", stages: ["seed", "mvp"] })).data as TJson[];
    expect(perStage.map((g) => g.key)).toEqual(["mvp", "seed"].filter((s) => perStage.some((g) => g.key === s)));
    for (const kind of ["stages", "rounds", "categories", "locations", "source_types", "folders", "saved_filters"]) {
      await use("list_reference", { kind });
    }
    // The demo's saved filters with their counts. Another filter than the one with new cards is
    // marked seen, so that one stays as the workspace's specs find it.
    const filters = (await use("list_saved_filters", {})).data as TJson[];
    expect(filters.length).toBeGreaterThan(0);
    const withNew = filters.find((f) => f.new_since_seen > 0) ?? filters[0]!;
    const news = await use("saved_filter_new_cards", { id: withNew.id, limit: 3 });
    expect(news.pagination.total).toBe(withNew.new_since_seen);
    expect(news.meta.since).toBeTruthy();
    const other = filters.find((f) => f.id !== withNew.id) ?? withNew;
    const seen = await use("mark_saved_filter_seen", { id: other.id });
    expect(seen.data).toMatchObject({ id: other.id, last_seen_at: expect.any(String) });
    // The demo account's folders (its own and its demo team's shared ones) and its team's thread on a card.
    const folders = (await use("list_folders", {})).data as TJson[];
    expect(folders.some((f) => f.visibility === "team")).toBe(true);
    expect((await use("get_card_comments", { slug, limit: 5 })).pagination).toMatchObject({ limit: 5, offset: 0 });
    const participants = await use("search_participants", { limit: 3 });
    expect(participants.data.length).toBeGreaterThan(0);
    await use("get_participant", { slug: participants.data[0].slug });
    expect((await use("search_profiles", { limit: 3 })).data.length).toBeGreaterThan(0);
    const collections = await use("list_collections", {});
    expect(collections.data.length).toBeGreaterThan(0);
    await use("list_collection_profiles", { collection: collections.data[0].slug, limit: 3 });
    await use("radar_follow", { source: "network_a", username: "e2e-sdk-agent-follows" });
    expect((await use("radar_list", { source: "network_a" })).data.length).toBeGreaterThan(0);
    await use("radar_updates", { limit: 5 });

    expect([...called].sort()).toEqual(tools.map((t) => t.name).sort());
  } finally {
    await mcp.close();
  }
});
