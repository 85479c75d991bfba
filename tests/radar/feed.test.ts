import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, networkBProfile, processAll, radarAccount } from "./fixtures";

/** GET /radar/updates/ and /radar/updates/meta/: order, filters, pagination, isolation. */

let t: TTestDb;
let owner: { id: number; token: string };
let other: { id: number; token: string };
const conn = { a1: 0, a2: 0, b1: 0, foreign: 0 };
const profiles = { a1: 0 };

async function addUpdate(connectionId: number, changeType: string, minutesAgo: number) {
  const c = await t.db.radarConnection.findUniqueOrThrow({ where: { id: connectionId } });
  const body =
    changeType === "bio_change"
      ? { variant: "network_b_bio_change", previous_bio: "a", current_bio: "b" }
      : changeType === "career_change"
        ? { variant: "career_change", previous: null, current: null }
        : { variant: "combined", changes: [] };
  return t.db.radarUpdate.create({
    data: {
      accountId: c.accountId,
      connectionId,
      source: c.source,
      changeType,
      description: `${changeType} ${minutesAgo}`,
      body,
      detectedAt: new Date(Date.UTC(2026, 0, 1, 12, 0) - minutesAgo * 60_000),
    },
  });
}

beforeAll(async () => {
  t = await openTestDb();
  owner = await radarAccount(t.db);
  other = await radarAccount(t.db);
  profiles.a1 = (await networkAProfile(t.db, { slug: "feed-a1", name: "A One" })).id;
  await networkAProfile(t.db, { slug: "feed-a2", name: "A Two" });
  await networkBProfile(t.db, { username: "feed_b1", name: "B One" });
  const create = async (token: string, body: unknown) =>
    (await api("POST", "/radar/applications/", { token, body })).body.data.id as number;
  conn.a1 = await create(owner.token, { source: "network_a", username: "feed-a1" });
  conn.a2 = await create(owner.token, { source: "network_a", username: "feed-a2" });
  conn.b1 = await create(owner.token, { source: "network_b", username: "feed_b1" });
  conn.foreign = await create(other.token, { source: "network_a", username: "feed-a1" });
  await processAll(t.db);
  await api("PATCH", `/radar/connections/network_a/${conn.a2}/tracking/`, { token: owner.token, body: { is_tracking: false } });
  // minutes ago: a1 career 1, 4, 7; a1 headline 2; a2 combined 3, career 6; b1 bio 5; foreign career 0.
  await addUpdate(conn.a1, "career_change", 1);
  await addUpdate(conn.a1, "headline_change", 2);
  await addUpdate(conn.a2, "combined", 3);
  await addUpdate(conn.a1, "career_change", 4);
  await addUpdate(conn.b1, "bio_change", 5);
  await addUpdate(conn.a2, "career_change", 6);
  await addUpdate(conn.a1, "career_change", 7);
  await addUpdate(conn.foreign, "career_change", 0);
});
afterAll(async () => {
  await t?.close();
});

const feed = (query: string, token = owner.token) => api("GET", `/radar/updates/${query}`, { token });
const minutes = (body: { data: { description: string }[] }) => body.data.map((u) => Number(u.description.split(" ")[1]));

describe("updates feed", () => {
  it("lists the caller's updates newest first, with the item shape", async () => {
    const r = await feed("");
    expect(r.status).toBe(200);
    expect(minutes(r.body)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r.body.pagination).toEqual({ limit: 50, offset: 0, total: 7, has_next: false });
    expect(r.body.meta).toEqual({ sort: "detected_at:desc" });
    expect(r.body.data[0]).toEqual({
      id: expect.any(Number),
      description: "career_change 1",
      change_type: "career_change",
      body: { variant: "career_change", previous: null, current: null },
      detected_at: "2026-01-01T11:59:00.000Z",
      // profile_id: the raw profile the connection is (the founder page); no card links to it.
      connection: { id: conn.a1, source: "network_a", username: "feed-a1", name: "A One", profile_id: profiles.a1, card_slug: null },
    });
  });

  it.each([
    ["?source=network_b", [5], 1],
    ["?source=network_a", [1, 2, 3, 4, 6, 7], 6],
    [`?source=network_a&connection_id=${"A2"}`, [3, 6], 2],
    ["?is_tracking=false", [3, 6], 2],
    ["?is_tracking=true", [1, 2, 4, 5, 7], 5],
    ["?change_type=career_change", [1, 4, 6, 7], 4],
    ["?change_types=bio_change,headline_change", [2, 5], 2],
    ["?change_type=combined&change_types=bio_change", [3, 5], 2],
    ["?source=network_a&is_tracking=true&change_type=career_change", [1, 4, 7], 3],
  ])("filters %s", async (query, expected, total) => {
    const r = await feed(query.replace("A2", String(conn.a2)));
    expect(r.status).toBe(200);
    expect(minutes(r.body)).toEqual(expected);
    expect(r.body.pagination.total).toBe(total);
  });

  it("pages with limit and offset; include_total=false skips the count", async () => {
    const p1 = await feed("?limit=3");
    expect(minutes(p1.body)).toEqual([1, 2, 3]);
    expect(p1.body.pagination).toEqual({ limit: 3, offset: 0, total: 7, has_next: true });
    const p3 = await feed("?limit=3&offset=6&include_total=false");
    expect(minutes(p3.body)).toEqual([7]);
    expect(p3.body.pagination).toEqual({ limit: 3, offset: 6, total: null, has_next: false });
    const p2 = await feed("?limit=3&offset=3&include_total=false");
    expect(p2.body.pagination.has_next).toBe(true);
    expect((await feed("?limit=500")).body.pagination.limit).toBe(100);
    const beyond = await feed("?offset=100");
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toEqual({ limit: 50, offset: 100, total: 7, has_next: false });
    const none = await feed("?change_type=headline_change&source=network_b");
    expect(none.body).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it.each([
    ["connection_id without source", `?connection_id=A1`, "connection_id"],
    ["connection_id of the other source", `?connection_id=A1&source=network_b`, "connection_id"],
    ["another account's connection", `?connection_id=FOREIGN&source=network_a`, "connection_id"],
    ["an unknown change_type", "?change_type=promotion", "change_type"],
    ["an unknown item in change_types", "?change_types=career_change,nope", "change_types"],
    ["an unknown source", "?source=network_c", "source"],
    ["a non-boolean is_tracking", "?is_tracking=maybe", "is_tracking"],
    ["a non-integer connection_id", "?connection_id=abc&source=network_a", "connection_id"],
    ["limit 0", "?limit=0", "limit"],
    ["an unknown parameter", "?colour=red", "body"],
  ])("answers 400 validation_error for %s", async (_label, query, param) => {
    const r = await feed(query.replace("A1", String(conn.a1)).replace("FOREIGN", String(conn.foreign)));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(JSON.stringify(r.body)).toContain(param === "body" ? "colour" : param);
  });

  it("shows each account only its own updates", async () => {
    const r = await feed("", other.token);
    expect(r.body.data.map((u: { connection: { id: number } }) => u.connection.id)).toEqual([conn.foreign]);
    expect(r.body.pagination.total).toBe(1);
  });

  it("meta lists the filter values", async () => {
    const r = await api("GET", "/radar/updates/meta/", { token: owner.token });
    expect(r.body).toEqual({
      data: { sources: ["network_a", "network_b"], change_types: ["career_change", "headline_change", "bio_change", "combined"] },
    });
  });

  it("drops a connection's updates (and their count) when it is disconnected", async () => {
    await api("DELETE", `/radar/connections/network_a/${conn.a2}/`, { token: owner.token });
    const r = await feed("");
    expect(minutes(r.body)).toEqual([1, 2, 4, 5, 7]);
    expect(r.body.pagination.total).toBe(5);
    expect((await feed("?is_tracking=false")).body.pagination.total).toBe(0);
  });

  it("keeps both tallies equal to the stored updates, and empties them on TRUNCATE", async () => {
    const counted = await t.db.$queryRaw<{ account_id: number; source: string; change_type: string; n: number }[]>`
      SELECT account_id, source, coalesce(change_type, '') AS change_type, count(*)::int AS n
        FROM radar_update GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    const accountTally = await t.db.$queryRaw<typeof counted>`
      SELECT account_id, source, change_type, n::int AS n FROM vm_radar_update_account_tally WHERE n <> 0 ORDER BY 1, 2, 3`;
    const connectionTally = await t.db.$queryRaw<typeof counted>`
      SELECT account_id, source, change_type, sum(n)::int AS n FROM vm_radar_update_tally
       GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`;
    expect(counted.length).toBeGreaterThan(1);
    expect(accountTally).toEqual(counted);
    expect(connectionTally).toEqual(counted);

    await t.db.$executeRawUnsafe("TRUNCATE radar_update");
    expect((await feed("")).body.pagination.total).toBe(0);
    expect((await feed(`?source=network_a&connection_id=${conn.a1}`)).body.pagination.total).toBe(0);
  });
});
