import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { insecure, loopback, signInIfAsked } from "./oauth-app";
import { auth, demoCredentials, vmon } from "./support";

/**
 * An agent that knows only the MCP server's URL, against the started server: its first POST /mcp
 * is refused with a challenge naming the protected-resource metadata, which names the
 * authorization server; Authorization Code + PKCE runs in Chromium (sign in, Allow) with the
 * redirect caught by a loopback listener; the SDK's MCP client then lists and calls the tools with
 * the access token.
 */

test("an MCP client discovers the authorization server from a 401, signs in with PKCE and calls search_cards", async ({
  page,
  baseURL,
}) => {
  const mcpUrl = new URL("/mcp", baseURL);

  // 1. Nothing but the URL: the server answers 401 with where to look next.
  const first = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
    }),
  });
  expect(first.status).toBe(401);
  const challenge = first.headers.get("www-authenticate") ?? "";
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  expect(metadataUrl).toBe(new URL("/.well-known/oauth-protected-resource/mcp", baseURL).href);

  // 2. Protected-resource metadata (RFC 9728), then the authorization server's (RFC 8414).
  const resource = await oauth.processResourceDiscoveryResponse(mcpUrl, await oauth.resourceDiscoveryRequest(mcpUrl, insecure));
  expect(resource.scopes_supported).toContain("cards:read");
  const issuer = new URL(resource.authorization_servers![0]!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));

  // 3. Authorization Code + PKCE for an app registered out of band (docs/oauth.md).
  const registered = vmon([
    "oauth-clients",
    "create",
    "--name",
    "E2E MCP Agent",
    "--redirect-uri",
    "http://127.0.0.1/callback",
    "--public",
    "--scopes",
    "cards:read",
    "--json",
  ]);
  expect(registered.code, registered.stderr).toBe(0);
  const client: oauth.Client = { client_id: JSON.parse(registered.stdout).client_id as string };
  const redirect = await loopback();
  let accessToken: string;
  try {
    const redirectUri = `http://127.0.0.1:${redirect.port}/callback`;
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "cards:read",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      resource: mcpUrl.href, // RFC 8707: the token is for /mcp (docs/oauth.md, Audience)
    }).toString();
    const arrived = redirect.next();
    await page.goto(url.href);
    await signInIfAsked(page);
    await expect(page.getByRole("heading", { name: /Allow E2E MCP Agent/ })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    const params = oauth.validateAuthResponse(as, client, await arrived, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    accessToken = tokens.access_token;
  } finally {
    redirect.server.close();
  }

  // 4. The MCP client with the Bearer token: tools/list, then tools/call search_cards.
  const mcp = new Client({ name: "e2e-agent", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }));
  try {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toContain("search_cards");
    const result = await mcp.callTool({ name: "search_cards", arguments: { limit: 3, sort: "trending" } });
    expect(result.isError).toBeFalsy();
    // The same answer as /v1 (asked with the account's API token: the OAuth token is for /mcp only).
    const rest = await fetch(new URL("/v1/cards/?limit=3&sort=trending", baseURL), { headers: auth(demoCredentials().token) });
    expect(rest.status).toBe(200);
    // The tool adds where to continue (next_cursor: docs/mcp.md, "Large results") to the /v1 page.
    const { next_cursor: nextCursor, ...page } = result.structuredContent as { next_cursor: string | null };
    expect(page).toEqual(await rest.json());
    expect(typeof nextCursor).toBe("string");
    const elsewhere = await fetch(new URL("/v1/cards/?limit=3", baseURL), { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(3);

    // The token's scope holds on /mcp as on /v1.
    const radar = await mcp.callTool({ name: "radar_list", arguments: { source: "network_a" } });
    expect(radar.isError).toBe(true);
    expect(JSON.parse((radar.content as { type: string; text: string }[])[0]!.text)).toMatchObject({ error: "permission_denied" });
  } finally {
    await mcp.close();
  }
});
