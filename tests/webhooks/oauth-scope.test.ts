import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueDeliveries, eventBody } from "~/server/domain/webhooks/queue";
import { resetEnvCache } from "~/server/env";
import { api, createAccount, type TApiResponse } from "../helpers/api";
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
    // radar:read as well: the endpoint subscribes to a radar event (see "events need the read scope of their data").
    const manage = await tokensFor(t.db, as, app, accountId, { scope: "webhooks:manage radar:read" });
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

describe("events need the read scope of their data", () => {
  const RADAR = ["radar.update.created", "radar.connection.created", "radar.application.failed"] as const;
  const CARDS = "saved_filter.cards_matched";

  async function tokens() {
    const as = await discover();
    const app = await registerApp(t.db);
    const token = async (scope: string) => (await tokensFor(t.db, as, app, accountId, { scope })).access_token;
    return {
      manage: await token("webhooks:manage"),
      radar: await token("webhooks:manage radar:read"),
      cards: await token("webhooks:manage cards:read"),
      both: await token("webhooks:manage radar:read cards:read"),
    };
  }

  const create = (token: string, events: readonly string[]) =>
    api("POST", "/webhooks/", { headers: bearer(token), body: { url: "https://93.184.215.14/hook", events } });

  const expectScopeRefusal = (r: TApiResponse, scope: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.error).toBe("permission_denied");
    expect(r.body.message).toContain(scope);
    expect(r.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
  };

  it("create: radar events need radar:read, saved-filter matches need cards:read", async () => {
    const tk = await tokens();
    for (const event of RADAR) {
      expectScopeRefusal(await create(tk.manage, [event]), "radar:read");
      expectScopeRefusal(await create(tk.cards, [event]), "radar:read");
    }
    expectScopeRefusal(await create(tk.manage, [CARDS]), "cards:read");
    expectScopeRefusal(await create(tk.radar, [CARDS]), "cards:read");
    expectScopeRefusal(await create(tk.radar, [...RADAR, CARDS]), "cards:read");

    expect((await create(tk.radar, RADAR)).status).toBe(200);
    expect((await create(tk.cards, [CARDS])).status).toBe(200);
    expect((await create(tk.both, [...RADAR, CARDS])).status).toBe(200);
    // An API token holds every scope.
    const { token: apiToken } = await createAccount(t.db);
    expect(
      (await api("POST", "/webhooks/", { token: apiToken, body: { url: "https://93.184.215.14/hook", events: [...RADAR, CARDS] } })).status,
    ).toBe(200);
  });

  it("update: new events need their scope, and a new URL needs the scope of the events it would receive", async () => {
    const tk = await tokens();
    const id = (await create(tk.both, ["radar.update.created"])).body.data.id;
    const patch = (token: string, body: object) => api("PATCH", `/webhooks/${id}/`, { headers: bearer(token), body });

    expectScopeRefusal(await patch(tk.manage, { events: ["radar.connection.created"] }), "radar:read");
    expectScopeRefusal(await patch(tk.radar, { events: [CARDS] }), "cards:read");
    expectScopeRefusal(await patch(tk.manage, { url: "https://93.184.215.15/elsewhere" }), "radar:read");
    expectScopeRefusal(await patch(tk.cards, { url: "https://93.184.215.15/elsewhere", events: ["radar.update.created"] }), "radar:read");
    const unchanged = (await api("GET", `/webhooks/${id}/`, { headers: bearer(tk.manage) })).body.data;
    expect(unchanged).toMatchObject({ url: "https://93.184.215.14/hook", events: ["radar.update.created"] });

    // With the scope: fine; and moving to other events with a new URL needs the scopes of both.
    expect((await patch(tk.radar, { events: ["radar.connection.created"] })).status).toBe(200);
    expectScopeRefusal(await patch(tk.cards, { url: "https://93.184.215.15/elsewhere", events: [CARDS] }), "radar:read");
    const moved = await patch(tk.both, { url: "https://93.184.215.15/elsewhere", events: [CARDS] });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ url: "https://93.184.215.15/elsewhere", events: [CARDS] });
  });

  it("acting on an endpoint needs the read scope of every event it carries; reading the endpoint itself does not", async () => {
    const tk = await tokens();
    const id = (await create(tk.both, [...RADAR, CARDS])).body.data.id;
    await enqueueDeliveries(t.db, [id], "radar.update.created", eventBody("radar.update.created", { id: 8 }));
    const delivery = (await t.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } })).id;
    // Disabled by the account: a token must not be able to turn it back on.
    expect((await api("PATCH", `/webhooks/${id}/`, { headers: bearer(tk.both), body: { enabled: false } })).status).toBe(200);
    const before = await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    const deliveries = await t.db.webhookDelivery.count({ where: { endpointId: id } });

    const operations = [
      ["PATCH", `/webhooks/${id}/`, { enabled: true }],
      ["PATCH", `/webhooks/${id}/`, { enabled: false }],
      ["PATCH", `/webhooks/${id}/`, { description: "renamed" }],
      ["POST", `/webhooks/${id}/rotate-secret/`, undefined],
      ["POST", `/webhooks/${id}/test/`, undefined],
      ["GET", `/webhooks/${id}/deliveries/`, undefined],
      ["POST", `/webhooks/${id}/deliveries/${delivery}/redeliver/`, undefined],
      ["DELETE", `/webhooks/${id}/`, undefined],
    ] as const;
    for (const [token, scope] of [
      [tk.manage, "radar:read"],
      [tk.cards, "radar:read"],
      [tk.radar, "cards:read"],
    ] as const) {
      for (const [method, path, body] of operations) {
        const r = await api(method, path, { headers: bearer(token), body });
        expectScopeRefusal(r, scope);
        expect(JSON.stringify(r.body)).not.toContain("whsec_");
      }
    }
    // Nothing changed: same secret, still disabled, no delivery queued, still there.
    expect(await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await t.db.webhookDelivery.count({ where: { endpointId: id } })).toBe(deliveries);
    // The endpoint itself (what the list shows) stays readable.
    expect((await api("GET", `/webhooks/${id}/`, { headers: bearer(tk.manage) })).body.data).toMatchObject({ id, enabled: false });
    expect((await api("GET", "/webhooks/", { headers: bearer(tk.manage) })).body.data.map((e: { id: number }) => e.id)).toContain(id);

    // Holding every scope, each operation goes through.
    for (const [method, path, body] of operations) {
      const r = await api(method, path, { headers: bearer(tk.both), body });
      expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBe(200);
    }
  });

  it("the delivery log answers a delivery's body only to a token that may read the event's data", async () => {
    const tk = await tokens();
    const id = (await create(tk.both, [...RADAR, CARDS])).body.data.id;
    const radarBody = eventBody("radar.update.created", { id: 7, description: "Maja Petit is now CRO at Ledgerloop" });
    const cardsBody = eventBody(CARDS, { filter: { id: 1, name: "Seed fintech" }, cards: [{ slug: "ledgerloop" }] });
    await enqueueDeliveries(t.db, [id], "radar.update.created", radarBody);
    await enqueueDeliveries(t.db, [id], CARDS, cardsBody);
    expect((await api("POST", `/webhooks/${id}/test/`, { headers: bearer(tk.both) })).status).toBe(200);

    const bodies = async (token: string) => {
      const r = await api("GET", `/webhooks/${id}/deliveries/`, { headers: bearer(token) });
      expect(r.status).toBe(200);
      return Object.fromEntries(r.body.data.map((d: { event: string; request: { body: unknown } }) => [d.event, d.request.body]));
    };
    expect(await bodies(tk.both)).toMatchObject({
      "radar.update.created": JSON.parse(radarBody),
      [CARDS]: JSON.parse(cardsBody),
      ping: { type: "ping" },
    });

    // The endpoint now carries saved-filter matches only: a token with cards:read reads its log, but
    // not the bodies of the radar deliveries it made before.
    expect((await api("PATCH", `/webhooks/${id}/`, { headers: bearer(tk.both), body: { events: [CARDS] } })).status).toBe(200);
    const cards = await bodies(tk.cards);
    expect(cards["radar.update.created"]).toBeNull();
    expect(cards[CARDS]).toEqual(JSON.parse(cardsBody));
    expect(cards.ping).toMatchObject({ type: "ping" });
    expect(JSON.stringify(cards)).not.toContain("Maja Petit");

    // A redelivery answers the new delivery under the same rule.
    const radarDelivery = (await api("GET", `/webhooks/${id}/deliveries/?event=radar.update.created`, { headers: bearer(tk.both) })).body
      .data[0];
    const again = await api("POST", `/webhooks/${id}/deliveries/${radarDelivery.id}/redeliver/`, { headers: bearer(tk.cards) });
    expect(again.status).toBe(200);
    expect(again.body.data.request.body).toBeNull();
  });
});
