import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { startListener, type TListener } from "../mcp/helpers";
import { resetEnvCache } from "~/server/env";
import { discover, visitAuthorize } from "./helpers";

/**
 * Dynamic client registration (OAUTH_DYNAMIC_REGISTRATION=1) through the service's own HTTP server:
 * limited per client address (behind one trusted proxy here, so that a test can be several
 * addresses), expiring when unused, and never given scopes it did not ask for.
 */

let t: TTestDb;
let listener: TListener;
let as: oauth.AuthorizationServer;
let accountId: number;
const saved = { dyn: process.env.OAUTH_DYNAMIC_REGISTRATION, proxy: process.env.TRUST_PROXY };

beforeAll(async () => {
  process.env.OAUTH_DYNAMIC_REGISTRATION = "1";
  process.env.TRUST_PROXY = "1";
  resetEnvCache();
  t = await openTestDb();
  accountId = (await createAccount(t.db)).account.id;
  listener = await startListener();
  as = await discover();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
  for (const [name, value] of [
    ["OAUTH_DYNAMIC_REGISTRATION", saved.dyn],
    ["TRUST_PROXY", saved.proxy],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

const REDIRECT = "http://127.0.0.1/callback";

async function register(from: string, metadata: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${listener.base}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
    body: JSON.stringify({ client_name: "Self-registered", redirect_uris: [REDIRECT], ...metadata }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

/** Moves a client's registration back in time. */
const age = (clientId: string, ms: number) =>
  t.db.$executeRaw`UPDATE oauth_client SET created_at = created_at - make_interval(secs => ${ms / 1000}::float8) WHERE id = ${clientId}`;

async function authorize(clientId: string, params: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    state: "s",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...params,
  }).toString();
  return { back: await visitAuthorize(t.db, url, accountId), verifier };
}

async function exchange(clientId: string, code: string, verifier: string) {
  const res = await fetch(`${listener.base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("the registration limit", () => {
  it("10 registrations per address per hour; the 11th is 429 with Retry-After; other addresses go on", async () => {
    for (let i = 0; i < 10; i++) expect((await register("198.51.100.7")).status, `registration ${i + 1}`).toBe(201);
    const refused = await register("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("throttled");
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((await register("198.51.100.8")).status).toBe(201);
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 1; i <= 10; i++) expect((await register(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(201);
    expect((await register("2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await register("2001:db8:1:3::1")).status).toBe(201);
  });

  it("counts from the database: registrations older than an hour no longer count", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await register("203.0.113.9")).body.client_id);
    expect((await register("203.0.113.9")).status).toBe(429);
    await age(ids[0]!, 61 * 60_000);
    expect((await register("203.0.113.9")).status).toBe(201);
    expect((await register("203.0.113.9")).status).toBe(429);
  });

  it("the address comes from the connection (and the trusted proxy), never from a header the client names", async () => {
    for (let i = 0; i < 10; i++) expect((await register("198.51.100.40", {}, { "x-vmon-client-address": `10.0.0.${i}` })).status).toBe(201);
    expect((await register("198.51.100.40", {}, { "x-vmon-client-address": "10.0.0.99" })).status).toBe(429);
  });

  it("parallel registrations from one address never pass the limit together", async () => {
    const all = await Promise.all(Array.from({ length: 15 }, () => register("192.0.2.77")));
    expect(all.filter((r) => r.status === 201)).toHaveLength(10);
    expect(all.filter((r) => r.status === 429)).toHaveLength(5);
  });
});

describe("unused registrations", () => {
  it("expire after 24 hours without a token: refused at authorization and at the token endpoint, then swept", async () => {
    const reg = await register("198.51.100.20", { scope: "cards:read" });
    const { back, verifier } = await authorize(reg.body.client_id, { scope: "cards:read" });
    if (!(back instanceof URL)) throw new Error(String(back));
    await age(reg.body.client_id, 24 * 3600_000 + 1000);
    expect((await authorize(reg.body.client_id, { scope: "cards:read" })).back).toBe("page: Unknown application");
    const late = await exchange(reg.body.client_id, back.searchParams.get("code")!, verifier);
    expect([late.status, late.body.error]).toEqual([400, "invalid_client"]);
    await register("198.51.100.21"); // any registration sweeps
    expect(await t.db.oAuthClient.count({ where: { id: reg.body.client_id } })).toBe(0);
  });

  it("one that got a token stays", async () => {
    const reg = await register("198.51.100.22", { scope: "cards:read" });
    const { back, verifier } = await authorize(reg.body.client_id, { scope: "cards:read" });
    if (!(back instanceof URL)) throw new Error(String(back));
    expect((await exchange(reg.body.client_id, back.searchParams.get("code")!, verifier)).status).toBe(200);
    await age(reg.body.client_id, 48 * 3600_000);
    await register("198.51.100.23");
    const again = await authorize(reg.body.client_id, { scope: "cards:read" });
    expect(again.back).toBeInstanceOf(URL);
    expect((again.back as URL).searchParams.get("code")).toBeTruthy();
  });
});

describe("scopes of a self-registered app", () => {
  it("an authorization request must name its scopes: no default, even the registered ones", async () => {
    const reg = await register("198.51.100.30");
    expect(reg.body.scope.split(" ")).toContain("webhooks:manage"); // what it may ask for
    const { back } = await authorize(reg.body.client_id);
    if (!(back instanceof URL)) throw new Error(String(back));
    expect(back.searchParams.get("error")).toBe("invalid_scope");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("gets exactly the scopes it asked for", async () => {
    const reg = await register("198.51.100.31");
    const { back, verifier } = await authorize(reg.body.client_id, { scope: "cards:read" });
    if (!(back instanceof URL)) throw new Error(String(back));
    const tokens = await exchange(reg.body.client_id, back.searchParams.get("code")!, verifier);
    expect(tokens.body.scope).toBe("cards:read");
  });
});
