import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, processAll, radarAccount } from "./fixtures";

/** Bad input gets a clear 400 (or 404 for a single unknown id), never a 500; access and isolation. */

let t: TTestDb;
let me: { id: number; token: string };
let them: { id: number; token: string };
const ids = { myApp: 0, myConn: 0, theirApp: 0, theirConn: 0, myBApp: 0 };

beforeAll(async () => {
  t = await openTestDb();
  me = await radarAccount(t.db);
  them = await radarAccount(t.db);
  await networkAProfile(t.db, { slug: "shared-person", name: "Shared Person" });
  const create = async (token: string, body: unknown) =>
    (await api("POST", "/radar/applications/", { token, body })).body.data.id as number;
  ids.myConn = await create(me.token, { source: "network_a", username: "shared-person" });
  ids.theirConn = await create(them.token, { source: "network_a", username: "shared-person" });
  await processAll(t.db);
  ids.myApp = await create(me.token, { source: "network_a", username: "pending-one", is_tracking: false });
  ids.theirApp = await create(them.token, { source: "network_a", username: "pending-two", is_tracking: false });
  ids.myBApp = await create(me.token, { source: "network_b", username: "bee", is_tracking: false });
});
afterAll(async () => {
  await t?.close();
});

const create = (body: unknown) => api("POST", "/radar/applications/", { token: me.token, body });

describe("create: bad input", () => {
  it.each([
    ["missing source", { username: "x" }, "source"],
    ["unknown source", { source: "network_c", username: "x" }, "source"],
    ["non-string source", { source: 1, username: "x" }, "source"],
    ["no identifier", { source: "network_a" }, "identifier"],
    ["an empty username", { source: "network_a", username: "  " }, "username"],
    ["two identifiers", { source: "network_a", username: "x", network_a_url: "https://network-a.example/in/x" }, "only one"],
    ["network_a_url with source network_b", { source: "network_b", network_a_url: "https://network-a.example/in/x" }, "network_a_url"],
    ["network_b_url with source network_a", { source: "network_a", network_b_url: "https://network-b.example/x" }, "network_b_url"],
    ["network_b_user_id with source network_a", { source: "network_a", network_b_user_id: "12" }, "network_b_user_id"],
    ["a malformed network_a_url", { source: "network_a", network_a_url: "network-a.example/in/x" }, "network_a_url"],
    ["a network_a_url of another scheme", { source: "network_a", network_a_url: "ftp://network-a.example/in/x" }, "network_a_url"],
    ["a network_a_url without a profile path", { source: "network_a", network_a_url: "https://network-a.example/" }, "network_a_url"],
    ["a malformed network_b_url", { source: "network_b", network_b_url: "https://network-b.example/x/status/1" }, "network_b_url"],
    ["a non-numeric network_b_user_id", { source: "network_b", network_b_user_id: "12a" }, "network_b_user_id"],
    ["a username with spaces", { source: "network_b", username: "two words" }, "username"],
    ["a non-boolean is_tracking (string)", { source: "network_a", username: "x", is_tracking: "yes" }, "is_tracking"],
    ["a non-boolean is_tracking (number)", { source: "network_a", username: "x", is_tracking: 1 }, "is_tracking"],
    ["an unknown field", { source: "network_a", username: "x", colour: "red" }, "colour"],
    ["a non-string username", { source: "network_a", username: 42 }, "username"],
  ])("400 validation_error for %s", async (_label, body, mention) => {
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(typeof r.body.message).toBe("string");
    expect(JSON.stringify(r.body)).toContain(mention);
  });

  it("400 for bodies that are not JSON objects", async () => {
    const r = await api("POST", "/radar/applications/", {
      token: me.token,
      rawBody: "[1]",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    const bad = await api("POST", "/radar/applications/", {
      token: me.token,
      rawBody: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("bulk: bad input", () => {
  it.each([
    ["/radar/applications/bulk/", "POST", { applications: [{ username: "x" }] }, "source"],
    ["/radar/applications/bulk/", "POST", { source: "network_a" }, "applications"],
    ["/radar/applications/bulk/", "POST", { source: "network_a", applications: [] }, "applications"],
    ["/radar/applications/bulk/", "POST", { source: "network_a", applications: "x" }, "applications"],
    ["/radar/applications/bulk-tracking/", "PATCH", { source: "network_a", ids: [1] }, "is_tracking"],
    ["/radar/applications/bulk-tracking/", "PATCH", { source: "network_a", ids: [1], is_tracking: "true" }, "is_tracking"],
    ["/radar/applications/bulk-tracking/", "PATCH", { ids: [1], is_tracking: true }, "source"],
    ["/radar/applications/bulk-delete/", "POST", { source: "network_a" }, "ids"],
    ["/radar/applications/bulk-delete/", "POST", { source: "network_a", ids: [] }, "ids"],
    ["/radar/applications/bulk-delete/", "POST", { source: "network_a", ids: ["x"] }, "ids"],
    ["/radar/applications/bulk-delete/", "POST", { source: "network_a", ids: [-1] }, "ids"],
    ["/radar/connections/bulk-tracking/", "PATCH", { source: "network_a", is_tracking: false }, "ids"],
    ["/radar/connections/bulk-delete/", "POST", { ids: [1] }, "source"],
    ["/radar/connections/bulk-delete/", "POST", { source: "network_x", ids: [1] }, "source"],
  ])("%s %s %j → 400", async (path, method, body, mention) => {
    const r = await api(method, path, { token: me.token, body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(JSON.stringify(r.body)).toContain(mention);
  });

  it("refuses ids of another account or another source with 400, changing nothing", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", "/radar/applications/bulk-delete/", { source: "network_a", ids: [ids.myApp, ids.theirApp] }],
      ["POST", "/radar/applications/bulk-delete/", { source: "network_a", ids: [ids.myBApp] }],
      ["POST", "/radar/applications/bulk-delete/", { source: "network_a", ids: [ids.myConn] }],
      ["PATCH", "/radar/applications/bulk-tracking/", { source: "network_a", ids: [ids.theirApp], is_tracking: true }],
      ["POST", "/radar/connections/bulk-delete/", { source: "network_a", ids: [ids.myConn, ids.theirConn] }],
      ["PATCH", "/radar/connections/bulk-tracking/", { source: "network_b", ids: [ids.myConn], is_tracking: false }],
    ];
    for (const [method, path, body] of cases) {
      const r = await api(method, path, { token: me.token, body });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body.error).toBe("validation_error");
    }
    expect(await t.db.radarApplication.count({ where: { id: { in: [ids.myApp, ids.theirApp, ids.myBApp] } } })).toBe(3);
    expect(await t.db.radarConnection.count({ where: { id: { in: [ids.myConn, ids.theirConn] }, isTracking: true } })).toBe(2);
  });
});

describe("single ids: 404 for unknown, foreign or other-source ids", () => {
  it.each([
    ["PATCH", "/radar/applications/network_a/THEIR_APP/tracking/", { is_tracking: true }],
    ["POST", "/radar/applications/network_a/THEIR_APP/retry/", undefined],
    ["DELETE", "/radar/applications/network_a/THEIR_APP/", undefined],
    ["DELETE", "/radar/applications/network_b/MY_APP/", undefined],
    ["DELETE", "/radar/applications/network_a/999999/", undefined],
    ["GET", "/radar/connections/network_a/THEIR_CONN/", undefined],
    ["GET", "/radar/connections/network_b/MY_CONN/", undefined],
    ["GET", "/radar/connections/network_a/MY_APP/", undefined],
    ["PATCH", "/radar/connections/network_a/THEIR_CONN/tracking/", { is_tracking: false }],
    ["DELETE", "/radar/connections/network_a/THEIR_CONN/", undefined],
  ])("%s %s", async (method, rawPath, body) => {
    const path = rawPath
      .replace("THEIR_APP", String(ids.theirApp))
      .replace("MY_APP", String(ids.myApp))
      .replace("THEIR_CONN", String(ids.theirConn))
      .replace("MY_CONN", String(ids.myConn));
    const r = await api(method, path, { token: me.token, body });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found", message: expect.any(String) });
  });

  it.each([
    ["GET", "/radar/applications/network_c/"],
    ["GET", "/radar/connections/network_c/1/"],
    ["GET", "/radar/connections/network_a/abc/"],
    ["PATCH", "/radar/applications/network_a/1/tracking/"],
  ])("400 for a bad path parameter or body: %s %s", async (method, path) => {
    const r = await api(method, path, { token: me.token, body: method === "PATCH" ? { is_tracking: "on" } : undefined });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
  });
});

describe("access", () => {
  it("401 without a token, 403 for collections-only accounts, on every radar endpoint", async () => {
    expect((await api("GET", "/radar/quota/")).status).toBe(401);
    const limited = await createAccount(t.db, { scope: "collections_only" });
    for (const [method, path] of [
      ["GET", "/radar/quota/"],
      ["POST", "/radar/applications/"],
      ["GET", "/radar/applications/network_a/"],
      ["GET", "/radar/connections/network_b/"],
      ["GET", "/radar/updates/"],
      ["GET", "/radar/updates/meta/"],
    ] as const) {
      const r = await api(method, path, {
        token: limited.token,
        body: method === "POST" ? { source: "network_a", username: "x" } : undefined,
      });
      expect(r.status, path).toBe(403);
      expect(r.body.error).toBe("permission_denied");
    }
  });

  it("lists only the caller's applications and connections", async () => {
    const apps = await api("GET", "/radar/applications/network_a/", { token: me.token });
    expect(apps.body.data.map((a: { id: number }) => a.id)).toEqual([ids.myApp]);
    const conns = await api("GET", "/radar/connections/network_a/", { token: them.token });
    expect(conns.body.data.map((c: { id: number }) => c.id)).toEqual([ids.theirConn]);
    expect((await api("GET", "/radar/applications/network_b/", { token: them.token })).body.pagination.total).toBe(0);
  });
});
