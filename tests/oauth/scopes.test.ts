import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "~/server/api/root";
import type { TMeta } from "~/server/api/contract";
import { OAUTH_SCOPES } from "~/server/domain/access/scopes";
import { createFolder } from "~/server/domain/userdata/folders";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import { bearer, discover, registerApp, tokensFor } from "./helpers";

/** Scopes on every /v1 operation, and a token that never reaches beyond its own account. */

let t: TTestDb;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  as = await discover();
});
afterAll(async () => {
  await t?.close();
});

const restProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: TMeta } }>)
  .map(([name, p]) => ({ name, meta: p._def.meta }))
  .filter((p) => p.meta?.openapi);

function fill(path: string) {
  return path.replace("{source}", "network_a").replace("{slug}", "no-such-card").replace("{id}", "1");
}

describe("scopes", () => {
  it("every REST procedure names the scope an OAuth token needs", () => {
    expect(restProcedures.length).toBeGreaterThan(30);
    for (const { name, meta } of restProcedures) expect(meta!.scope, name).toBeDefined();
  });

  it("a token without a procedure's scope gets 403 insufficient_scope naming it; with it, it gets through", async () => {
    const account = await createAccount(t.db, { plan: "paid", grant: ["network_a_profiles"] });
    const app = await registerApp(t.db);
    const tokenWith = new Map<string, string>();
    for (const scope of OAUTH_SCOPES) {
      const others = OAUTH_SCOPES.filter((s) => s !== scope).join(" ");
      tokenWith.set(
        `all but ${scope}`,
        (await tokensFor(t.db, as, app, account.account.id, { scope: others, prompt: "consent" })).access_token,
      );
      tokenWith.set(scope, (await tokensFor(t.db, as, app, account.account.id, { scope, prompt: "consent" })).access_token);
    }
    for (const { name, meta } of restProcedures) {
      const { method, path } = meta!.openapi!;
      const scope = meta!.scope!;
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      if (scope === "none") {
        for (const token of tokenWith.values())
          expect((await api(method, fill(path), { headers: bearer(token), body })).status, name).not.toBe(403);
        continue;
      }
      const refused = await api(method, fill(path), { headers: bearer(tokenWith.get(`all but ${scope}`)!), body });
      expect([refused.status, refused.body.error], `${name} without ${scope}`).toEqual([403, "permission_denied"]);
      expect(refused.headers.get("www-authenticate"), name).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
      const allowed = await api(method, fill(path), { headers: bearer(tokenWith.get(scope)!), body });
      expect(allowed.status, `${name} with ${scope}: ${JSON.stringify(allowed.body)}`).not.toBe(403);
      expect(allowed.status, name).toBeLessThan(500);
    }
    // The change feed follows the kinds a token may read; participants named without their scope are a 403.
    const feed = await api("GET", "/changes/?limit=1", { headers: bearer(tokenWith.get("cards:read")!) });
    expect(feed.body.meta.types).toEqual(["card", "interaction"]);
    const named = await api("GET", "/changes/?types=participant", { headers: bearer(tokenWith.get("cards:read")!) });
    expect([named.status, named.headers.get("www-authenticate")]).toEqual([
      403,
      `Bearer error="insufficient_scope", scope="participants:read"`,
    ]);
  }, 120_000);

  it("a scope never lifts the account's own limits (raw data without the permission)", async () => {
    const account = await createAccount(t.db, { plan: "paid" });
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, account.account.id, { scope: "network_a:read" });
    const r = await api("GET", "/network_a/profiles/", { headers: bearer(tokens.access_token) });
    expect([r.status, r.body.error]).toEqual([403, "permission_denied"]);
  });
});

describe("isolation", () => {
  it("a token of account A reads A's user data and never B's", async () => {
    const a = await createAccount(t.db, { plan: "paid" });
    const b = await createAccount(t.db, { plan: "paid" });
    await createFolder(t.db, a.account.id, "A's deals");
    const bFolder = await createFolder(t.db, b.account.id, "B's secret deals");
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, a.account.id, { scope: "cards:read radar:read radar:write" });
    const folders = await api("GET", "/cards/folders/", { headers: bearer(tokens.access_token) });
    expect(folders.body.data.map((f: { name: string }) => f.name)).toEqual(["A's deals"]);
    const other = await api("GET", `/cards/?folder_ids=${bFolder.id}`, { headers: bearer(tokens.access_token) });
    expect([other.status, other.body.error]).toEqual([400, "validation_error"]);
    await api("POST", "/radar/applications/", { token: b.token, body: { source: "network_a", username: "b-only", is_tracking: false } });
    const apps = await api("GET", "/radar/applications/network_a/", { headers: bearer(tokens.access_token) });
    expect(apps.body.data).toEqual([]);
    // Quota: A's requests are counted on A, never on B.
    const usedB = (await api("GET", "/token/validate/", { token: b.token })).body.data.access.used;
    expect(usedB).toBe(2);
  });
});
