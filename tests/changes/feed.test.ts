import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeData } from "~/server/domain/changes/items";
import { pruneTombstones } from "~/server/domain/changes/prune";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * GET /v1/changes/: a copy kept by replaying the feed holds exactly what a full read holds, with
 * writers running while it reads; a change committed late never lands behind a cursor; expired
 * cursors answer 410; bad input is a 400.
 */

let t: TTestDb;
let token: string;
let accountId: number;
let typeId: number;
const serverUrl = process.env.DATABASE_URL;

interface TChange {
  type: string;
  id: number;
  change: "upsert" | "delete";
  data?: unknown;
}

beforeAll(async () => {
  t = await openTestDb();
  const me = await createAccount(t.db, { limit: 1_000_000 });
  token = me.token;
  accountId = me.account.id;
  typeId = (await t.db.participantType.create({ data: { slug: "fund", name: "Fund" } })).id;
  await seed("pre", 30);
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;

/** `n` cards, one participant and a signal of it on each card. */
async function seed(prefix: string, n: number): Promise<void> {
  const p = await t.db.participant.create({ data: { slug: `${prefix}-p${++serial}`, name: `${prefix} fund ${serial}`, typeId } });
  for (let i = 0; i < n; i++) {
    const c = await t.db.card.create({ data: { slug: `${prefix}-c${++serial}`, name: `${prefix} card ${serial}` } });
    await t.db.interaction.create({ data: { cardId: c.id, participantId: p.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, serial)) } });
  }
}

const page = async (query: string) => {
  const res = await api("GET", `/changes/?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: TChange[]; next_cursor: string; has_more: boolean; meta: { types: string[]; retention_days: number } };
};

/** The first page after a write: it is served once every older transaction on the server has ended. */
async function ready(query: string) {
  let body = await page(query);
  for (let i = 0; body.data.length === 0 && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    body = await page(query);
  }
  return body;
}

/** Applies every change ready now to `copy`, from `cursor`; answers the cursor to go on from. */
async function drain(copy: Map<string, unknown>, cursor: string | undefined, limit = 7): Promise<string> {
  let next = cursor;
  for (let guard = 0; guard < 10_000; guard++) {
    const body = await page(`limit=${limit}${next ? `&cursor=${next}` : ""}`);
    for (const c of body.data) {
      if (c.change === "delete") copy.delete(`${c.type}:${c.id}`);
      else copy.set(`${c.type}:${c.id}`, c.data);
    }
    next = body.next_cursor;
    if (!body.has_more) return next;
  }
  throw new Error("the feed never ended");
}

/** A full read: every live card, participant and interaction, as the feed formats them. */
async function fullRead(): Promise<Map<string, unknown>> {
  const [cards, participants, interactions] = await Promise.all([
    t.db.card.findMany({ select: { id: true } }),
    t.db.participant.findMany({ select: { id: true } }),
    t.db.interaction.findMany({ select: { id: true } }),
  ]);
  const keys = [
    ...cards.map((r) => ({ type: "card" as const, id: r.id })),
    ...participants.map((r) => ({ type: "participant" as const, id: r.id })),
    ...interactions.map((r) => ({ type: "interaction" as const, id: r.id })),
  ];
  return changeData(t.db, accountId, keys);
}

const sorted = (m: Map<string, unknown>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));

/**
 * Drains the feed into `copy` until it holds what a full read holds (the last writes are served
 * once every older transaction on the server has ended, another database's too); the cursor reached.
 */
async function catchUp(copy: Map<string, unknown>, from: string | undefined, limit: number): Promise<string | undefined> {
  let cursor = from;
  const full = sorted(await fullRead());
  await expect
    .poll(
      async () => {
        cursor = await drain(copy, cursor, limit);
        return sorted(copy);
      },
      { timeout: 30_000 },
    )
    .toEqual(full);
  return cursor;
}

/** Random edits: new cards and signals, renames, category links, deletions of cards and participants. */
async function writer(seedValue: number, rounds: number, category: { id: number }): Promise<void> {
  let x = seedValue;
  const next = () => (x = (x * 1103515245 + 12345) % 2_147_483_648) / 2_147_483_648;
  for (let i = 0; i < rounds; i++) {
    const cards = await t.db.card.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    const pick = cards[Math.floor(next() * cards.length)];
    const r = next();
    if (r < 0.3) await seed(`w${seedValue}`, 2);
    else if (r < 0.5 && pick) await t.db.card.updateMany({ where: { id: pick.id }, data: { name: `renamed ${i}-${seedValue}` } });
    else if (r < 0.65 && pick) {
      await t.db.cardCategory.createMany({ data: [{ cardId: pick.id, categoryId: category.id }], skipDuplicates: true });
    } else if (r < 0.85 && pick) await t.db.card.deleteMany({ where: { id: pick.id } });
    else {
      const p = await t.db.participant.findFirst({ where: { slug: { startsWith: `w${seedValue}` } }, select: { id: true } });
      if (p) await t.db.participant.deleteMany({ where: { id: p.id } });
    }
  }
}

describe("GET /v1/changes/", () => {
  it("from the start serves every live row once, then nothing until something changes", async () => {
    const copy = new Map<string, unknown>();
    const cursor = await catchUp(copy, undefined, 7);
    const again = await page(`cursor=${cursor}`);
    expect(again.data).toEqual([]);
    expect(again.next_cursor).toBe(cursor);
    expect(again.has_more).toBe(false);
    expect(again.meta).toEqual({ types: ["card", "participant", "interaction"], retention_days: 30 });
  });

  it("a copy that replays the feed while writers run holds exactly what a full read holds", async () => {
    const copy = new Map<string, unknown>();
    let cursor: string | undefined = await drain(copy, undefined, 13);
    const category = await t.db.category.create({ data: { slug: "feed-cat", name: "Feed" } });
    let writing = true;
    const writers = Promise.all([writer(11, 40, category), writer(23, 40, category), writer(37, 40, category)]).finally(
      () => (writing = false),
    );
    while (writing) cursor = await drain(copy, cursor, 5);
    await writers;
    await catchUp(copy, cursor, 50);
    // Deletions were among the changes, cascades included.
    expect(await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM vm_feed_tombstone WHERE type = 3`).not.toEqual([{ n: 0 }]);
  }, 120_000);

  it("follows only the types asked for, and a category link moves its card", async () => {
    const start = await drain(new Map(), undefined, 100);
    const card = await t.db.card.create({ data: { slug: "typed-card", name: "Typed" } });
    const body = await page(`types=participant,interaction&cursor=${start}`);
    expect(body.data).toEqual([]);
    const cards = await ready(`types=card&cursor=${start}`);
    expect(cards.data.map((c) => [c.type, c.id, c.change])).toEqual([["card", card.id, "upsert"]]);
    const category = await t.db.category.create({ data: { slug: "linked", name: "Linked" } });
    await t.db.cardCategory.create({ data: { cardId: card.id, categoryId: category.id } });
    const linked = await ready(`types=card&cursor=${cards.next_cursor}`);
    expect(linked.data.map((c) => c.id)).toEqual([card.id]);
    expect(JSON.stringify(linked.data[0]!.data)).toContain('"slug":"linked"');
  });

  it.skipIf(!serverUrl)("never serves a change behind one that an earlier transaction still holds back", async () => {
    const start = await drain(new Map(), undefined, 100);
    const early = new pg.Client({ connectionString: t.url });
    const late = new pg.Client({ connectionString: t.url });
    await Promise.all([early.connect(), late.connect()]);
    try {
      await early.query("BEGIN");
      await early.query("INSERT INTO card (slug, name) VALUES ('early', 'Early')"); // takes the lower transaction id
      await late.query("INSERT INTO card (slug, name) VALUES ('late', 'Late')"); // commits first
      const held = await page(`cursor=${start}`);
      expect(held.data).toEqual([]);
      await early.query("COMMIT");
      const after = await page(`cursor=${held.next_cursor}`);
      expect(after.data.map((c) => (c.data as { slug: string }).slug)).toEqual(["early", "late"]);
    } finally {
      await Promise.all([early.end(), late.end()]);
    }
  });

  it("answers 410 for a cursor older than the deletions kept, and the start still works", async () => {
    const start = await drain(new Map(), undefined, 100);
    const card = await t.db.card.create({ data: { slug: "doomed", name: "Doomed" } });
    const seen = await ready(`cursor=${start}`);
    await t.db.card.delete({ where: { id: card.id } });
    expect(await pruneTombstones(t.db, 30, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThan(0);
    const expired = await api("GET", `/changes/?cursor=${seen.next_cursor}`, { token });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe("cursor_expired");
    const copy = new Map<string, unknown>();
    await catchUp(copy, undefined, 200);
  });

  it("answers 400 for bad input, never 500", async () => {
    const forged = Buffer.from("v1.1.9.1").toString("base64url");
    for (const query of ["types=cards", "limit=0", "cursor=not-a-cursor", `cursor=${forged}`, "cursor=%00", "since=2026-01-01"]) {
      const res = await api("GET", `/changes/?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("validation_error");
    }
    expect((await api("GET", "/changes/")).status).toBe(401);
  });
});
