import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { discover, registerApp, tokensFor } from "../oauth/helpers";

/** An OAuth access token manages webhooks with `webhooks:manage` only (403 insufficient_scope otherwise). */

let t: TTestDb;
let accountId: number;

beforeAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
  t = await openTestDb();
  accountId = (await createAccount(t.db)).account.id;
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const body = { url: "https://93.184.215.14/hook", events: ["radar.update.created"] };

describe("OAuth scope webhooks:manage", () => {
  it("lets a token with the scope manage endpoints, and refuses one without it", async () => {
    const as = await discover();
    const app = await registerApp(t.db);
    const manage = await tokensFor(t.db, as, app, accountId, { scope: "webhooks:manage" });
    const created = await api("POST", "/webhooks/", { headers: bearer(manage.access_token), body });
    expect(created.status).toBe(200);
    expect(created.body.data.secret).toMatch(/^whsec_/);
    const listed = await api("GET", "/webhooks/", { headers: bearer(manage.access_token) });
    expect(listed.body.data.map((e: { id: number }) => e.id)).toEqual([created.body.data.id]);

    const radarOnly = await tokensFor(t.db, as, app, accountId, { scope: "radar:read radar:write" });
    for (const [method, path] of [
      ["GET", "/webhooks/"],
      ["POST", "/webhooks/"],
      ["GET", `/webhooks/${created.body.data.id}/deliveries/`],
    ] as const) {
      const r = await api(method, path, { headers: bearer(radarOnly.access_token), body: method === "POST" ? body : undefined });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error).toBe("permission_denied");
      expect(r.headers.get("www-authenticate")).toContain('scope="webhooks:manage"');
    }
    const caps = (await api("GET", "/token/validate/", { headers: bearer(radarOnly.access_token) })).body.data.capabilities;
    expect(caps.webhooks.allowed).toBe(false);
  });
});
