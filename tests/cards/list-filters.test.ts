import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards, slugsOf } from "./fixture";

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  token = (await createAccount(t.db, { plan: "unlimited", staff: true })).token;
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string) => {
  const r = await api("GET", `/cards/?limit=100&${query}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

// Default order (latest signal desc, nulls last, id desc):
const ALL = ["omega-robotics", "epsilon-data", "gamma-ai", "chainlink-oracle", "alpha-dex", "delta-chain", "beta-lending", "zeta"];
/** The expected slugs in default order. */
const inOrder = (slugs: string[]) => ALL.filter((s) => slugs.includes(s));

describe("each filter alone", () => {
  it.each([
    ["", ALL],
    ["stages=seed", ["alpha-dex", "epsilon-data"]],
    ["stages=seed,series-a", ["alpha-dex", "gamma-ai", "epsilon-data", "omega-robotics"]],
    ["rounds=angel", ["beta-lending", "omega-robotics"]],
    ["categories=defi", ["alpha-dex", "beta-lending"]],
    ["categories=dex", ["alpha-dex"]],
    ["categories=ai", ["gamma-ai", "epsilon-data", "omega-robotics"]],
    ["categories=ml", ["gamma-ai", "omega-robotics"]],
    ["categories=ai,infra", ["gamma-ai", "delta-chain", "epsilon-data", "chainlink-oracle", "omega-robotics"]],
    ["locations=north-america", ["alpha-dex", "gamma-ai", "omega-robotics"]],
    ["locations=europe", ["beta-lending", "epsilon-data"]],
    ["locations=germany", ["beta-lending", "epsilon-data"]],
    ["locations=berlin", ["beta-lending"]],
    ["locations=ca", ["alpha-dex", "omega-robotics"]],
    ["locations=unknown", ["delta-chain"]],
    ["participants=fund-a", ["alpha-dex", "gamma-ai", "delta-chain", "chainlink-oracle"]],
    ["participants=partner-b", ["alpha-dex", "delta-chain", "epsilon-data"]],
    ["participants=angel-c", ["alpha-dex", "beta-lending", "epsilon-data", "omega-robotics"]],
    ["participants=angel-c,partner-b", ["alpha-dex", "beta-lending", "delta-chain", "epsilon-data", "omega-robotics"]],
    ["source_types=code_host", ["beta-lending", "omega-robotics"]],
    ["source_types=social_interactions,launch_board", ["gamma-ai", "delta-chain", "chainlink-oracle"]],
    ["source_types=network_a", ["alpha-dex"]],
    ["display_preference=web3", ["alpha-dex", "beta-lending", "delta-chain", "chainlink-oracle"]],
    ["display_preference=web2", ["gamma-ai", "delta-chain", "epsilon-data", "omega-robotics"]],
    ["display_preference=all", ALL],
    ["featured=true", ["alpha-dex", "epsilon-data"]],
    ["featured=false", ["beta-lending", "gamma-ai", "delta-chain", "zeta", "chainlink-oracle", "omega-robotics"]],
    ["trending=1", ["alpha-dex", "omega-robotics"]],
    ["trending=no", ["beta-lending", "gamma-ai", "delta-chain", "epsilon-data", "zeta", "chainlink-oracle"]],
    ["new=true", ["zeta"]],
    ["new=false", ALL.filter((s) => s !== "zeta")],
    ["min_signals=2", ["alpha-dex", "gamma-ai", "epsilon-data", "omega-robotics"]],
    ["max_signals=1", ["beta-lending", "delta-chain", "zeta", "chainlink-oracle"]],
    ["min_signals=1&max_signals=1", ["beta-lending", "delta-chain", "chainlink-oracle"]],
    ["min_signals=3&max_signals=1", []],
    ["created_after=2024-03-15&created_before=2024-03-15", ["gamma-ai"]],
    ["created_before=2024-02-05", ["alpha-dex", "beta-lending"]],
    ["created_after=2024-05-10", ["zeta", "chainlink-oracle", "omega-robotics"]],
    ["updated_after=2024-06-05", ["alpha-dex", "beta-lending", "zeta", "omega-robotics"]],
    ["updated_before=2024-03-20", ["delta-chain"]],
    ["last_interaction_after=2024-03-05", ["alpha-dex", "gamma-ai", "epsilon-data", "chainlink-oracle", "omega-robotics"]],
    ["last_interaction_before=2024-02-20", ["beta-lending", "delta-chain"]],
    ["first_interaction_after=2024-04-01&first_interaction_before=2024-05-01", ["gamma-ai", "epsilon-data"]],
    ["first_interaction_before=2024-01-20", ["alpha-dex"]],
    ["search=data", ["epsilon-data"]],
    ["search=plat", ["epsilon-data"]],
    ["search=hain", ["delta-chain", "chainlink-oracle"]],
    ["search=chain", ["beta-lending", "delta-chain", "chainlink-oracle"]],
    ["search=lending%20protocol", ["beta-lending"]],
    ["search=LENDING%20Proto", ["beta-lending"]],
    ["search=warehouses", ["omega-robotics"]],
    ["search=ab", []],
    ["search=%21%21%21", []],
    ["search=x%25y", []],
  ])("%s", async (query, expected) => {
    const body = await list(query);
    expect(slugsOf(body)).toEqual(inOrder(expected));
    expect(body.pagination.total).toBe(expected.length);
  });

  it("matches nothing for unknown slugs, without an error", async () => {
    for (const q of ["stages=nope", "rounds=nope", "categories=nope", "locations=nope", "participants=nope", "source_types=nope"]) {
      const body = await list(q);
      expect(body.data, q).toEqual([]);
      expect(body.pagination.total, q).toBe(0);
    }
    // An unknown slug next to a known one is simply ignored.
    expect(slugsOf(await list("stages=seed,nope"))).toEqual(inOrder(["alpha-dex", "epsilon-data"]));
    expect(slugsOf(await list("participants=nope,partner-b"))).toEqual(inOrder(["alpha-dex", "delta-chain", "epsilon-data"]));
  });
});

describe("combined filters", () => {
  it.each([
    // stages OR rounds
    ["stages=seed&rounds=angel", ["alpha-dex", "beta-lending", "epsilon-data", "omega-robotics"]],
    ["stages=nope&rounds=angel", ["beta-lending", "omega-robotics"]],
    // AND across groups
    ["stages=seed&categories=ai", ["epsilon-data"]],
    ["stages=seed,pre-seed&display_preference=web3", ["alpha-dex", "beta-lending", "chainlink-oracle"]],
    ["categories=defi&locations=europe", ["beta-lending"]],
    ["participants=angel-c&min_signals=2", ["alpha-dex", "epsilon-data", "omega-robotics"]],
    // participants are read in the statement when alone and looked up first with other filters
    ["participants=nope,angel-c&min_signals=2", ["alpha-dex", "epsilon-data", "omega-robotics"]],
    ["participants=nope&min_signals=2", []],
    ["participants=angel-c,partner-b&stages=seed", ["alpha-dex", "epsilon-data"]],
    ["search=chain&display_preference=web3", ["beta-lending", "delta-chain", "chainlink-oracle"]],
    ["stages=seed&rounds=angel&categories=ai&locations=north-america", ["omega-robotics"]],
    ["featured=true&trending=true", ["alpha-dex"]],
    ["categories=ai&source_types=code_host&created_after=2024-05-01", ["omega-robotics"]],
    ["participants=fund-a&categories=infra&last_interaction_before=2024-03-01", ["delta-chain"]],
    ["new=true&stages=seed", []],
  ])("%s", async (query, expected) => {
    const body = await list(query);
    expect(slugsOf(body)).toEqual(inOrder(expected));
    expect(body.pagination.total).toBe(expected.length);
  });

  it("accepts repeated keys as list items and trims blanks", async () => {
    expect(slugsOf(await list("stages=seed&stages=series-a"))).toEqual(slugsOf(await list("stages=seed,series-a")));
    expect(slugsOf(await list("stages=%20seed%20,,"))).toEqual(inOrder(["alpha-dex", "epsilon-data"]));
  });

  it("treats an empty parameter as absent", async () => {
    expect(slugsOf(await list("stages=&search=&featured="))).toEqual(ALL);
  });
});
