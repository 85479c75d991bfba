import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { datasetConnector, httpConnector } from "~/server/domain/radar/connectors";
import { drainApplications } from "~/server/domain/radar/process";
import { refreshDue } from "~/server/domain/radar/refresh";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, networkBProfile, radarAccount } from "./fixtures";

/** The dataset connector's identifier rules, and the http connector against a fake service. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
  await networkAProfile(t.db, { id: 1, slug: "mary-major", name: "Mary Major (old)", url: "https://network-a.example/in/mary-major" });
  await t.db.profile.update({ where: { id: 1 }, data: { updatedAt: new Date("2020-01-01") } });
  await networkAProfile(t.db, { id: 2, slug: "mary-major", name: "Mary Major", url: "https://other.example/pub/mary-major/" });
  await networkAProfile(t.db, { id: 3, slug: "ACoAAB3", name: "Member Form", urn: "ACoAAB3", url: "https://network-a.example/in/ACoAAB3" });
  await networkBProfile(t.db, { username: "Bobby_Tables", userId: "4242", bio: "drop" });
});
afterAll(async () => {
  await t?.close();
});

async function resolveOne(body: Record<string, unknown>) {
  const { token } = await radarAccount(t.db);
  const created = await api("POST", "/radar/applications/", { token, body });
  expect(created.status).toBe(200);
  const id = created.body.data.id;
  await drainApplications(t.db, { connector: datasetConnector(t.db) });
  const source = body.source as string;
  const conn = await api("GET", `/radar/connections/${source}/${id}/`, { token });
  if (conn.status === 200) return { connection: conn.body.data };
  const app = (await api("GET", `/radar/applications/${source}/`, { token })).body.data[0];
  return { application: app };
}

describe("dataset connector", () => {
  it.each([
    ["an exact URL", { network_a_url: "https://network-a.example/in/mary-major/" }, "1"],
    ["a URL on another path form (its last segment)", { network_a_url: "https://network-a.example/in/Mary-Major?x=1" }, "2"],
    ["a username (most recently updated match)", { username: "MARY-MAJOR" }, "2"],
    ["a member id given as username", { username: "ACoAAB3" }, "3"],
    ["a member-id URL", { network_a_url: "https://network-a.example/in/acoaab3/" }, "3"],
  ])("network_a: resolves %s", async (_label, identifier, externalId) => {
    const r = await resolveOne({ source: "network_a", ...identifier });
    expect(r.connection?.external_id).toBe(externalId);
  });

  it.each([
    ["a username, case-insensitively", { username: "bobby_tables" }],
    ["an @username", { username: "@Bobby_Tables" }],
    ["a profile URL", { network_b_url: "https://network-b.example/@bobby_tables" }],
    ["a numeric user id", { network_b_user_id: "4242" }],
  ])("network_b: resolves %s", async (_label, identifier) => {
    const r = await resolveOne({ source: "network_b", ...identifier });
    expect(r.connection).toMatchObject({ external_id: "4242", username: "Bobby_Tables" });
  });

  it("fails an unknown profile with profile_not_found", async () => {
    const r = await resolveOne({ source: "network_b", network_b_user_id: "999999" });
    expect(r.application).toMatchObject({ init_status: "failed", radar_error: { code: "profile_not_found", attempts: 1 } });
  });
});

type THandler = (path: string, body: any, res: ServerResponse) => void;
let server: Server;
let base: string;
let handler: THandler = () => {};
const calls: { path: string; body: any }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      calls.push({ path: req.url ?? "", body });
      handler(req.url ?? "", body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/enrich`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

const PROFILE = {
  id: "ext-1",
  name: "Remote Person",
  headline: "Builder",
  network_a: { url: "https://network-a.example/in/remote-person", image_url: null, urn: "R1" },
  experience: [{ title: "Founder", company: "Remote Co", startDate: "2024-01-01", endDate: null }],
  education: [{ school: "Somewhere", degree: "BSc" }],
  skills: ["go", "sql"],
};

async function runHttp(body: Record<string, unknown>, opts: { timeoutMs?: number; retries?: number } = {}) {
  const { token } = await radarAccount(t.db);
  const id = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", ...body } })).body.data.id;
  calls.length = 0;
  const connector = httpConnector({ url: base, timeoutMs: opts.timeoutMs ?? 500, retries: opts.retries ?? 2, backoffMs: 5 });
  const started = Date.now();
  await drainApplications(t.db, { connector });
  return { token, id, elapsed: Date.now() - started, connector };
}

const failure = async (id: number) => (await t.db.radarApplication.findUnique({ where: { id } }))?.radarError as { code: string } | null;

describe("http connector", () => {
  it("resolves through POST <base>/resolve and refreshes through POST <base>/profiles", async () => {
    handler = (path, body, res) => {
      if (path === "/enrich/resolve")
        return json(res, 200, { results: body.identifiers.map((i: { ref: number }) => ({ ref: i.ref, profile: PROFILE })) });
      if (path === "/enrich/profiles") {
        // Connections of the other tests are unknown to this service: skipped, left as they were.
        const results = body.ids.map((id: string) => ({
          id,
          profile: id === "ext-1" ? { ...PROFILE, headline: "Builder of things" } : null,
        }));
        return json(res, 200, { results });
      }
      json(res, 404, {});
    };
    const { token, id, connector } = await runHttp({ username: "remote-person" });
    expect(calls[0]).toEqual({
      path: "/enrich/resolve",
      body: { source: "network_a", identifiers: [{ ref: id, kind: "username", value: "remote-person" }] },
    });
    const conn = (await api("GET", `/radar/connections/network_a/${id}/`, { token })).body.data;
    expect(conn).toMatchObject({ external_id: "ext-1", name: "Remote Person", company: "Remote Co", skills: ["go", "sql"] });
    expect(conn.career.current).toMatchObject({ title: "Founder", start_date: "2024-01-01" });

    const refreshed = await refreshDue(t.db, { connector, olderThanMs: 0 });
    expect(refreshed).toMatchObject({ changed: 1, updates: 1 });
    expect(refreshed.skipped).toBeGreaterThan(0);
    const asked = calls.filter((c) => c.path === "/enrich/profiles").flatMap((c) => c.body.ids);
    expect(asked).toContain("ext-1");
    const feed = await api("GET", "/radar/updates/", { token });
    expect(feed.body.data[0]).toMatchObject({ change_type: "headline_change", connection: { id } });
  });

  it("reports a profile the service does not know as profile_not_found", async () => {
    handler = (_p, body, res) => json(res, 200, { results: [{ ref: body.identifiers[0].ref, profile: null }] });
    const { id } = await runHttp({ username: "ghost" });
    expect(await failure(id)).toMatchObject({ code: "profile_not_found" });
  });

  it("times out a silent service after bounded retries: failed with connector_timeout, no hang", async () => {
    handler = () => {}; // never answers
    const { id, elapsed } = await runHttp({ username: "slow" }, { timeoutMs: 150, retries: 2 });
    expect(await failure(id)).toMatchObject({ code: "connector_timeout" });
    expect(calls).toHaveLength(3);
    expect(elapsed).toBeLessThan(5000);
  });

  it.each([
    ["an answer that is not JSON", (res: ServerResponse) => res.end("<html>oops</html>")],
    ["JSON that does not follow the contract", (res: ServerResponse) => json(res, 200, { profiles: "nope" })],
  ])("fails on %s with connector_invalid_response (not retried)", async (_label, answer) => {
    handler = (_p, _b, res) => answer(res);
    const { id } = await runHttp({ username: "garbage" });
    expect(await failure(id)).toMatchObject({ code: "connector_invalid_response" });
    expect(calls).toHaveLength(1);
  });

  it("fails an item whose profile is malformed, keeping the others of the batch", async () => {
    handler = (_p, body, res) =>
      json(res, 200, {
        results: body.identifiers.map((i: { ref: number; value: string }) => ({
          ref: i.ref,
          profile: i.value === "bad" ? { name: 12 } : PROFILE,
        })),
      });
    const { token } = await radarAccount(t.db);
    const bad = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "bad" } })).body.data.id;
    const good = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "good" } })).body.data.id;
    await drainApplications(t.db, { connector: httpConnector({ url: base, timeoutMs: 10_000, retries: 0 }) });
    expect(await failure(bad)).toMatchObject({ code: "connector_invalid_response" });
    expect(await t.db.radarConnection.count({ where: { id: good } })).toBe(1);
  });

  it("retries 5xx answers with backoff, then succeeds", async () => {
    let n = 0;
    handler = (_p, body, res) =>
      ++n < 3 ? json(res, 503, {}) : json(res, 200, { results: [{ ref: body.identifiers[0].ref, profile: { ...PROFILE, id: "ext-2" } }] });
    const { token, id } = await runHttp({ username: "flaky" });
    expect(calls).toHaveLength(3);
    expect((await api("GET", `/radar/connections/network_a/${id}/`, { token })).status).toBe(200);
  });

  it("does not retry a 4xx answer", async () => {
    handler = (_p, _b, res) => json(res, 400, { error: "bad" });
    const { id } = await runHttp({ username: "refused" });
    expect(await failure(id)).toMatchObject({ code: "connector_unavailable" });
    expect(calls).toHaveLength(1);
  });

  it("is chosen by RADAR_CONNECTOR=http; without RADAR_CONNECTOR_URL applications fail with connector_not_configured", async () => {
    const saved = { c: process.env.RADAR_CONNECTOR, u: process.env.RADAR_CONNECTOR_URL };
    try {
      process.env.RADAR_CONNECTOR = "http";
      delete process.env.RADAR_CONNECTOR_URL;
      resetEnvCache();
      const { token } = await radarAccount(t.db);
      const id = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "cfg" } })).body.data.id;
      await drainApplications(t.db);
      expect(await failure(id)).toMatchObject({ code: "connector_not_configured" });

      process.env.RADAR_CONNECTOR_URL = base;
      resetEnvCache();
      handler = (_p, body, res) => json(res, 200, { results: [{ ref: body.identifiers[0].ref, profile: { ...PROFILE, id: "ext-3" } }] });
      await api("POST", `/radar/applications/network_a/${id}/retry/`, { token });
      await drainApplications(t.db);
      expect(await t.db.radarConnection.count({ where: { id } })).toBe(1);
    } finally {
      process.env.RADAR_CONNECTOR = saved.c;
      if (saved.u === undefined) delete process.env.RADAR_CONNECTOR_URL;
      else process.env.RADAR_CONNECTOR_URL = saved.u;
      if (saved.c === undefined) delete process.env.RADAR_CONNECTOR;
      resetEnvCache();
    }
  });
});
