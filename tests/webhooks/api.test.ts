import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { isPublicAddress } from "~/server/domain/webhooks/address-guard";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/** /v1/webhooks/ management with the SSRF guard on (WEBHOOKS_ALLOW_PRIVATE unset). */

let t: TTestDb;
let tokenA: string;
let tokenB: string;
const PUBLIC_URL = "https://93.184.215.14/hooks/vm";

beforeAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
  t = await openTestDb();
  tokenA = (await createAccount(t.db)).token;
  tokenB = (await createAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
});

describe("SSRF guard on create", () => {
  it.each([
    ["loopback IPv4", "http://127.0.0.1/hook"],
    ["loopback in another form", "http://0x7f.1/hook"],
    ["loopback as one hexadecimal number", "http://0x7f000001/hook"],
    ["a host name with a trailing dot", "http://localhost./hook"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["loopback IPv6", "http://[::1]/hook"],
    ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/hook"],
    ["a unique-local IPv6 address", "http://[fd00:ec2::254]/"],
    ["a private network", "http://10.1.2.3/hook"],
    ["carrier-grade NAT", "http://100.100.100.200/"],
    ["a host name resolving to a private address", "http://localhost:8080/hook"],
    ["a file URL", "file:///etc/passwd"],
    ["a gopher URL", "gopher://example.com/"],
    ["credentials in the URL", "https://user:pw@example.com/"],
    ["not a URL", "hooks.example.com"],
  ])("refuses %s with 400 validation_error", async (_label, url) => {
    const r = await api("POST", "/webhooks/", { token: tokenA, body: { url, events: ["radar.update.created"] } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(r.body.details.url).toBeDefined();
  });

  it("refuses a private URL on update too", async () => {
    const created = await api("POST", "/webhooks/", { token: tokenA, body: { url: PUBLIC_URL, events: ["radar.update.created"] } });
    expect(created.status).toBe(200);
    const r = await api("PATCH", `/webhooks/${created.body.data.id}/`, { token: tokenA, body: { url: "http://192.168.1.1/" } });
    expect(r.status).toBe(400);
    expect(r.body.details.url).toBeDefined();
    await api("DELETE", `/webhooks/${created.body.data.id}/`, { token: tokenA });
  });

  it("classifies addresses", () => {
    for (const a of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "2a00:1450:4001::200e"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "2002:c0a8:101::1",
      "ff02::1",
      "2001:db8::1",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
  });
});

describe("endpoints", () => {
  it("creates with the secret once, then lists, gets, updates and deletes without it", async () => {
    const created = await api("POST", "/webhooks/", {
      token: tokenA,
      body: { url: PUBLIC_URL, events: ["radar.update.created", "saved_filter.cards_matched"], description: "CRM" },
    });
    expect(created.status).toBe(200);
    const ep = created.body.data;
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(ep).toMatchObject({ url: PUBLIC_URL, description: "CRM", enabled: true, disabled_reason: null });
    const got = await api("GET", `/webhooks/${ep.id}/`, { token: tokenA });
    expect(got.status).toBe(200);
    expect(got.body.data.secret).toBeUndefined();
    const list = await api("GET", "/webhooks/", { token: tokenA });
    expect(list.body.data.map((e: { id: number }) => e.id)).toContain(ep.id);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");

    const off = await api("PATCH", `/webhooks/${ep.id}/`, {
      token: tokenA,
      body: { enabled: false, events: ["radar.connection.created"] },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({
      enabled: false,
      events: ["radar.connection.created"],
      disabled_reason: "Disabled by the account.",
    });
    const on = await api("PATCH", `/webhooks/${ep.id}/`, { token: tokenA, body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabled_reason: null });

    const rotated = await api("POST", `/webhooks/${ep.id}/rotate-secret/`, { token: tokenA });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(ep.secret);

    const del = await api("DELETE", `/webhooks/${ep.id}/`, { token: tokenA });
    expect(del.body).toEqual({ data: { id: ep.id, deleted: true } });
    expect((await api("GET", `/webhooks/${ep.id}/`, { token: tokenA })).status).toBe(404);
  });

  it.each([
    ["no events", { url: PUBLIC_URL, events: [] }, "events"],
    ["an unknown event", { url: PUBLIC_URL, events: ["card.created"] }, "events"],
    ["ping as a subscription", { url: PUBLIC_URL, events: ["ping"] }, "events"],
    ["no url", { events: ["radar.update.created"] }, "url"],
    ["an unknown field", { url: PUBLIC_URL, events: ["radar.update.created"], secret: "x" }, "secret"],
  ])("refuses %s", async (_label, body, param) => {
    const r = await api("POST", "/webhooks/", { token: tokenA, body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(JSON.stringify(r.body)).toContain(param);
  });

  it("counts management calls against the quota", async () => {
    const r = await api("GET", "/webhooks/", { token: tokenA });
    expect(r.headers.get("x-ratelimit-limit")).toBeTruthy();
  });
});

describe("cross-account", () => {
  it("never shows, changes or deletes another account's endpoint or deliveries", async () => {
    const created = await api("POST", "/webhooks/", { token: tokenA, body: { url: PUBLIC_URL, events: ["radar.update.created"] } });
    const id = created.body.data.id;
    const test = await api("POST", `/webhooks/${id}/test/`, { token: tokenA });
    expect(test.status).toBe(200);
    const deliveryId = test.body.data.id;
    expect((await api("GET", "/webhooks/", { token: tokenB })).body.data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/webhooks/${id}/`, undefined],
      ["PATCH", `/webhooks/${id}/`, { enabled: false }],
      ["DELETE", `/webhooks/${id}/`, undefined],
      ["POST", `/webhooks/${id}/test/`, undefined],
      ["POST", `/webhooks/${id}/rotate-secret/`, undefined],
      ["GET", `/webhooks/${id}/deliveries/`, undefined],
      ["POST", `/webhooks/${id}/deliveries/${deliveryId}/redeliver/`, undefined],
    ] as const) {
      const r = await api(method, path, { token: tokenB, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error).toBe("not_found");
    }
    const mine = await api("POST", "/webhooks/", { token: tokenB, body: { url: PUBLIC_URL, events: ["radar.update.created"] } });
    const cross = await api("POST", `/webhooks/${mine.body.data.id}/deliveries/${deliveryId}/redeliver/`, { token: tokenB });
    expect(cross.status).toBe(404);
    const log = await api("GET", `/webhooks/${id}/deliveries/`, { token: tokenA });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.pagination).toEqual({ limit: 50, offset: 0, total: 1, has_next: false });
  });
});

describe("hostile bodies", () => {
  it("refuses oversized, deeply nested, non-object and malformed bodies, creating nothing", async () => {
    const before = (await api("GET", "/webhooks/", { token: tokenA })).body.data.length;
    const json = { "content-type": "application/json" };
    const cases: [string, string, number, string][] = [
      [
        "a body over 1 MB",
        JSON.stringify({ url: PUBLIC_URL, events: ["radar.update.created"], pad: "x".repeat(1_100_000) }),
        413,
        "payload_too_large",
      ],
      ["JSON nested 100,000 deep", `{"url":${"[".repeat(100_000)}${"]".repeat(100_000)}}`, 400, "validation_error"],
      ["an array", JSON.stringify([{ url: PUBLIC_URL, events: ["radar.update.created"] }]), 400, "validation_error"],
      ["broken JSON", `{"url": "${PUBLIC_URL}", "events": [`, 400, "validation_error"],
      ["a prototype key", `{"__proto__": {"url": "${PUBLIC_URL}"}, "events": ["radar.update.created"]}`, 400, "validation_error"],
      ["an unknown event", JSON.stringify({ url: PUBLIC_URL, events: ["card.deleted"] }), 400, "validation_error"],
      ["a URL with a NUL", JSON.stringify({ url: `${PUBLIC_URL}\u0000`, events: ["radar.update.created"] }), 400, "validation_error"],
    ];
    for (const [label, rawBody, status, error] of cases) {
      const r = await api("POST", "/webhooks/", { token: tokenA, rawBody, headers: json });
      expect(r.status, label).toBe(status);
      expect(r.body.error, label).toBe(error);
    }
    expect((await api("GET", "/webhooks/", { token: tokenA })).body.data).toHaveLength(before);
  });
});
