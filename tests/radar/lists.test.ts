import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, processAll, radarAccount } from "./fixtures";

/** GET /radar/applications/<source>/ and /radar/connections/<source>/: filters, sorts, pages. */

let t: TTestDb;
let token: string;
const apps: Record<string, number> = {};
const conns: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestDb();
  ({ token } = await radarAccount(t.db));
  const people = [
    { slug: "zoe", name: "Zoe Zed", company: "Acme" },
    { slug: "adam", name: "Adam Ant", company: "Zeta" },
    { slug: "mia", name: "Mia Moe", company: "Beta" },
  ];
  for (const p of people)
    await networkAProfile(t.db, { slug: p.slug, name: p.name, experience: [{ title: "Founder", company: p.company }] });
  for (const p of people) {
    conns[p.slug] = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: p.slug } })).body.data.id;
  }
  await processAll(t.db);
  await api("PATCH", `/radar/connections/network_a/${conns.mia}/tracking/`, { token, body: { is_tracking: false } });
  // Applications in known states: bravo failed, charlie idle, alpha pending (created last).
  apps.bravo = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "bravo" } })).body.data.id;
  await processAll(t.db);
  apps.charlie = (
    await api("POST", "/radar/applications/", {
      token,
      body: { source: "network_a", network_a_url: "https://network-a.example/in/charlie", is_tracking: false },
    })
  ).body.data.id;
  apps.alpha = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "alpha" } })).body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const list = async (path: string) => {
  const r = await api("GET", path, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const idsOf = (body: { data: { id: number }[] }) => body.data.map((x) => x.id);

describe("applications list", () => {
  it("defaults to recent first, with pagination and meta", async () => {
    const body = await list("/radar/applications/network_a/");
    expect(idsOf(body)).toEqual([apps.alpha, apps.charlie, apps.bravo]);
    expect(body.pagination).toEqual({ limit: 50, offset: 0, total: 3, has_next: false });
    expect(body.meta).toEqual({ source: "network_a", sort: "recent", order: "desc" });
  });

  it.each([
    ["?init_status=failed", ["bravo"]],
    ["?init_status=idle", ["charlie"]],
    ["?init_status=pending", ["alpha"]],
    ["?is_tracking=false", ["charlie"]],
    ["?q=CHAR", ["charlie"]],
    ["?q=%25", []],
    ["?sort=name", ["alpha", "bravo", "charlie"]],
    ["?sort=name&order=desc", ["charlie", "bravo", "alpha"]],
    ["?sort=recent&order=asc", ["bravo", "charlie", "alpha"]],
    ["?sort=tracked", ["alpha", "bravo", "charlie"]],
    ["?sort=tracked&order=asc", ["charlie", "alpha", "bravo"]],
  ])("%s", async (query, expected) => {
    expect(idsOf(await list(`/radar/applications/network_a/${query}`))).toEqual(expected.map((k) => apps[k]));
  });

  it("pages: limit max 100, offset, include_total=false", async () => {
    const page = await list("/radar/applications/network_a/?limit=2&offset=1&include_total=false");
    expect(idsOf(page)).toEqual([apps.charlie, apps.bravo]);
    expect(page.pagination).toEqual({ limit: 2, offset: 1, total: null, has_next: false });
    expect((await list("/radar/applications/network_a/?limit=1000")).pagination.limit).toBe(100);
    expect((await api("GET", "/radar/applications/network_a/?init_status=done", { token })).status).toBe(400);
    expect((await api("GET", "/radar/applications/network_a/?order=up", { token })).status).toBe(400);
  });
});

describe("connections list", () => {
  it("defaults to recent first with the connection fields", async () => {
    const body = await list("/radar/connections/network_a/");
    expect(idsOf(body)).toEqual([conns.mia, conns.adam, conns.zoe]);
    expect(body.data[2]).toEqual({
      id: conns.zoe,
      source: "network_a",
      external_id: expect.any(String),
      username: "zoe",
      name: "Zoe Zed",
      company: "Acme",
      url: "https://network-a.example/in/zoe/",
      is_tracking: true,
      last_refreshed_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it.each([
    ["?sort=name", ["adam", "mia", "zoe"]],
    ["?sort=name&order=desc", ["zoe", "mia", "adam"]],
    ["?sort=company", ["zoe", "mia", "adam"]],
    ["?sort=tracked", ["adam", "zoe", "mia"]],
    ["?is_tracking=false", ["mia"]],
    ["?q=zeta", ["adam"]],
    ["?q=moe", ["mia"]],
  ])("%s", async (query, expected) => {
    expect(idsOf(await list(`/radar/connections/network_a/${query}`))).toEqual(expected.map((k) => conns[k]));
  });

  it("refuses init_status on connections (unknown parameter)", async () => {
    expect((await api("GET", "/radar/connections/network_a/?init_status=idle", { token })).status).toBe(400);
  });
});
