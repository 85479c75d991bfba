import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resultCap } from "~/server/mcp/paging";
import { createFolder } from "~/server/domain/userdata/folders";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import { connect, startListener, toolError, type TListener } from "./helpers";

/**
 * The list tools' paging (docs/mcp.md, "Large results"): `limit` and `cursor` walk a list in the
 * /v1 order, `fields` trims items, a result over the size cap is cut to the items that fit and
 * continues after them, bad cursors are validation errors, and `response_format: "markdown"` gives
 * readable text beside the same JSON. The client has listed the tools, so the SDK checks every
 * `structuredContent` against the tool's `outputSchema`.
 */

type TJson = Record<string, any>;

const PAGING_CARDS = 30;
const DEFAULT_CAP = resultCap.chars;

let t: TTestDb;
let listener: TListener;
let token: string;
let client: Client;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  // Cards large enough for a small cap to cut a page of them.
  for (let i = 1; i <= PAGING_CARDS; i++) {
    const n = String(i).padStart(2, "0");
    await t.db.card.create({
      data: {
        slug: `paging-card-${n}`,
        name: `Paging card ${n}`,
        description: `Paging card number ${n}. ${"Lorem ipsum dolor. ".repeat(20)}`,
      },
    });
  }
  const owner = await createAccount(t.db, { plan: "unlimited" });
  token = owner.token;
  await createFolder(t.db, owner.account.id, "Pipeline A");
  await createFolder(t.db, owner.account.id, "Pipeline B");
  await createFolder(t.db, owner.account.id, "Pipeline C");
  listener = await startListener();
  client = await connect(listener.base, token);
  await client.listTools();
});
afterEach(() => {
  resultCap.chars = DEFAULT_CAP;
});
afterAll(async () => {
  await client?.close();
  await listener?.close();
  await t?.close();
});

async function callRaw(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call: its structuredContent and its text. */
async function call(name: string, args: Record<string, unknown>): Promise<{ out: TJson; text: string }> {
  const r = await callRaw(name, args);
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  const text = r.content[0] as { type: string; text: string };
  expect(text.type).toBe("text");
  return { out: r.structuredContent as TJson, text: text.text };
}

/** Every page of a list from the first, following next_cursor (with `next` the arguments of each later call). */
async function walk(name: string, first: Record<string, unknown>, next: Record<string, unknown> = first, maxCalls = 100) {
  const pages: { out: TJson; text: string }[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await call(name, cursor ? { ...next, cursor } : first);
    pages.push(page);
    cursor = page.out.next_cursor as string | null;
    expect(cursor === null || typeof cursor === "string").toBe(true);
    expect(pages.length, "the walk ends").toBeLessThanOrEqual(maxCalls);
  } while (cursor);
  return pages;
}

const slugsOf = (pages: { out: TJson }[]) => pages.flatMap((p) => (p.out.data as TJson[]).map((c) => c.slug as string));

async function restSlugs(query: string): Promise<string[]> {
  const r = await api("GET", `/cards/?${query}`, { token });
  expect(r.status).toBe(200);
  return (r.body.data as TJson[]).map((c) => c.slug as string);
}

describe("limit and cursor", () => {
  it("walk search_cards in the /v1 order, every card once", async () => {
    const expected = await restSlugs("search=paging&sort=name:asc&limit=100");
    expect(expected).toHaveLength(PAGING_CARDS);
    const pages = await walk("search_cards", { search: "paging", sort: "name:asc", limit: 7 });
    expect(pages).toHaveLength(5);
    expect(slugsOf(pages)).toEqual(expected);
    expect(pages.map((p) => p.out.pagination.offset)).toEqual([0, 7, 14, 21, 28]);
    expect(pages.every((p) => p.out.truncated === undefined)).toBe(true);
    expect(pages.at(-1)!.out.next_cursor).toBeNull();

    // The whole table, default sort: the same order as /v1 gives it.
    const all = await restSlugs("sort=trending&limit=100");
    expect(slugsOf(await walk("search_cards", { sort: "trending", limit: 9 }))).toEqual(all);
  });

  it("a cursor keeps the limit it was given with, unless the next call gives another", async () => {
    const first = await call("search_cards", { search: "paging", sort: "name:asc", limit: 4 });
    const cursor = first.out.next_cursor as string;
    // A null cursor is the first page.
    expect((await call("search_cards", { search: "paging", sort: "name:asc", limit: 4, cursor: null })).out).toEqual(first.out);
    const same = await call("search_cards", { search: "paging", sort: "name:asc", cursor });
    expect(same.out.pagination).toMatchObject({ offset: 4, limit: 4 });
    const wider = await call("search_cards", { search: "paging", sort: "name:asc", cursor, limit: 10, view: "compact" });
    expect(wider.out.pagination).toMatchObject({ offset: 4, limit: 10 });
    expect(slugsOf([wider])).toEqual((await restSlugs("search=paging&sort=name:asc&limit=100")).slice(4, 14));
  });

  it("`offset` still works, but not with a cursor", async () => {
    const byOffset = await call("search_cards", { search: "paging", sort: "name:asc", limit: 5, offset: 5 });
    expect(slugsOf([byOffset])).toEqual((await restSlugs("search=paging&sort=name:asc&limit=100")).slice(5, 10));
    const cursor = byOffset.out.next_cursor as string;
    const both = toolError(await callRaw("search_cards", { search: "paging", sort: "name:asc", cursor, offset: 3 }));
    expect(both).toMatchObject({ error: "validation_error", details: { cursor: ["give cursor or offset, not both"] } });
  });

  it("a list the operation answers whole is paged by the tool (list_folders, list_reference)", async () => {
    const folders = (await api("GET", "/cards/folders/", { token })).body.data as TJson[];
    expect(folders).toHaveLength(3);
    const pages = await walk("list_folders", { limit: 2 });
    expect(pages.map((p) => (p.out.data as TJson[]).length)).toEqual([2, 1]);
    expect(pages.flatMap((p) => p.out.data)).toEqual(folders);
    expect(pages[0]!.out.meta).toEqual({ total: 3 });
    expect(toolError(await callRaw("list_folders", { limit: 0 }))).toMatchObject({ details: { limit: ["must be at least 1"] } });

    const stages = (await api("GET", "/cards/stages/", { token })).body.data as TJson[];
    const walked = await walk("list_reference", { kind: "stages", limit: 1 });
    expect(walked.flatMap((p) => p.out.data)).toEqual(stages);
    expect(walked).toHaveLength(stages.length);
    // A cursor of one kind is not another's.
    const cursor = walked[0]!.out.next_cursor as string;
    const other = toolError(await callRaw("list_reference", { kind: "rounds", cursor }));
    expect(other).toMatchObject({ error: "validation_error", details: { cursor: [expect.stringContaining("other arguments")] } });
  });
});

describe("fields", () => {
  it("search_cards keeps only the fields asked for (the operation's own `fields`)", async () => {
    const { out } = await call("search_cards", { search: "paging", sort: "name:asc", limit: 5, fields: ["slug", "name"] });
    expect(out.data).toHaveLength(5);
    for (const item of out.data as TJson[]) expect(Object.keys(item).sort()).toEqual(["name", "slug"]);
    expect(toolError(await callRaw("search_cards", { fields: ["slug", "colour"] }))).toMatchObject({ error: "validation_error" });
  });

  it("a tool that selects them itself trims items, and names the fields it knows", async () => {
    const { out } = await call("search_participants", { limit: 3, fields: ["slug", "name"] });
    expect(out.data.length).toBeGreaterThan(0);
    for (const item of out.data as TJson[]) expect(Object.keys(item).sort()).toEqual(["name", "slug"]);
    const folders = await call("list_folders", { fields: "name" });
    expect(folders.out.data).toEqual([{ name: "Pipeline A" }, { name: "Pipeline B" }, { name: "Pipeline C" }]);

    const e = toolError(await callRaw("search_participants", { fields: ["slug", "colour"] }));
    expect(e).toMatchObject({ error: "validation_error", details: { fields: [expect.stringContaining("unknown field(s): colour")] } });
    expect(e.message).toContain("fields are slug, name,");
    expect(toolError(await callRaw("list_folders", { fields: [] })).error).toBe("validation_error");
  });
});

describe("the size cap", () => {
  it("a page over the cap is cut to the items that fit, says so, and the walk continues without loss", async () => {
    const expected = await restSlugs("search=paging&sort=name:asc&limit=100");
    const full = await call("search_cards", { search: "paging", sort: "name:asc", limit: 10 });
    resultCap.chars = Math.floor(full.text.length / 3);
    const pages = await walk("search_cards", { search: "paging", sort: "name:asc", limit: 10 });
    expect(slugsOf(pages)).toEqual(expected);
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) expect(p.text.length).toBeLessThanOrEqual(resultCap.chars);
    const cut = pages[0]!.out;
    expect(cut.truncated).toBe(true);
    expect(cut.note).toMatch(
      new RegExp(`^Cut to fit the [\\d,]+-character result cap: ${cut.data.length} of 10 items; continue with next_cursor\\.$`),
    );
    expect(cut.pagination).toMatchObject({ offset: 0, limit: 10, has_next: true });
    // Each item whole: the first page's items are /v1's.
    const rest = (await api("GET", "/cards/?search=paging&sort=name:asc&limit=10", { token })).body.data as TJson[];
    expect(cut.data).toEqual(rest.slice(0, cut.data.length));
  });

  it("an item larger than the cap alone is answered with its identity fields, one per call", async () => {
    resultCap.chars = 600;
    const pages = await walk("search_cards", { search: "paging", sort: "name:asc", limit: 3 }, undefined, PAGING_CARDS + 1);
    expect(pages).toHaveLength(PAGING_CARDS);
    expect(slugsOf(pages)).toEqual(await restSlugs("search=paging&sort=name:asc&limit=100"));
    for (const p of pages) {
      expect(p.out.truncated).toBe(true);
      expect(Object.keys(p.out.data[0]).sort()).toEqual(["id", "name", "slug"]);
      expect(p.out.note).toContain("the first item alone is larger, so only its id, slug, name are shown");
    }
  });

  it("the cap holds for markdown text too", async () => {
    resultCap.chars = 4000;
    const pages = await walk("search_cards", { search: "paging", sort: "name:asc", limit: 10, response_format: "markdown" });
    expect(slugsOf(pages)).toEqual(await restSlugs("search=paging&sort=name:asc&limit=100"));
    for (const p of pages) {
      expect(p.text.length).toBeLessThanOrEqual(4000);
      expect(JSON.stringify(p.out).length).toBeLessThanOrEqual(4000);
    }
    expect(pages.some((p) => p.out.truncated && p.text.includes(`> ${p.out.note}`))).toBe(true);
  });
});

describe("bad cursors are validation errors", () => {
  const args = { search: "paging", sort: "name:asc", limit: 5 };
  const cursorError = async (a: Record<string, unknown>) => {
    const e = toolError(await callRaw("search_cards", a));
    expect(e.error).toBe("validation_error");
    expect(Object.keys(e.details as TJson)).toEqual(["cursor"]);
    return e;
  };

  it("garbled, forged or not a string", async () => {
    const cursor = (await call("search_cards", args)).out.next_cursor as string;
    for (const bad of ["", "not a cursor!", "abc", cursor.slice(0, -3), `${cursor}x`, Buffer.from("[1,2]").toString("base64url")]) {
      const e = await cursorError({ ...args, cursor: bad });
      expect(e.message, bad).toMatch(/Invalid value for cursor: (is not a cursor this tool answered|must be the next_cursor)/);
    }
    // The offset changed by hand: the seal no longer matches.
    const decoded = JSON.parse(Buffer.from(cursor, "base64url").toString()) as TJson;
    const forged = Buffer.from(JSON.stringify({ ...decoded, o: 25 })).toString("base64url");
    expect((await cursorError({ ...args, cursor: forged })).message).toContain("malformed or altered");
    await cursorError({ ...args, cursor: 12 });
  });

  it("reused with other arguments, or for another tool", async () => {
    const cursor = (await call("search_cards", args)).out.next_cursor as string;
    const e = await cursorError({ ...args, sort: "name:desc", cursor });
    expect(e.message).toContain("other arguments");
    expect(e.message).toContain("only limit, fields, response_format");
    await cursorError({ sort: "name:asc", cursor });
    const participants = toolError(await callRaw("search_participants", { cursor }));
    expect(participants).toMatchObject({ error: "validation_error", details: { cursor: [expect.stringContaining("another tool")] } });
    // What only shapes the page may change.
    const ok = await call("search_cards", { ...args, cursor, limit: 2, fields: ["slug"], response_format: "markdown" });
    expect(ok.out.pagination).toMatchObject({ offset: 5, limit: 2 });
  });
});

describe("response_format", () => {
  it("markdown text beside the same structuredContent", async () => {
    const a = { search: "paging", sort: "name:asc", limit: 3 };
    const json = await call("search_cards", a);
    expect(JSON.parse(json.text)).toEqual(json.out);
    const md = await call("search_cards", { ...a, response_format: "markdown" });
    expect(md.out).toEqual(json.out);
    const lines = md.text.split("\n");
    expect(lines[0]).toBe("## search_cards: 3 items (1–3 of 30)");
    expect(lines[2]).toMatch(
      /^1\. \*\*Paging card 01\*\* — slug: paging-card-01 · stage: Unknown · round: Unknown · interactions_count: 0$/,
    );
    expect(lines.filter((l) => /^\d+\. \*\*Paging card/.test(l))).toHaveLength(3);
    expect(md.text).toContain(`call search_cards again with the same arguments and cursor "${md.out.next_cursor}"`);
    expect(() => JSON.parse(md.text) as unknown).toThrow();

    const last = await call("search_cards", {
      ...a,
      cursor: md.out.next_cursor,
      limit: 50,
      fields: ["slug", "name"],
      response_format: "markdown",
    });
    expect(last.text.split("\n")[0]).toBe("## search_cards: 27 items (4–30 of 30)");
    expect(last.text.split("\n")[2]).toBe("4. **Paging card 04** — slug: paging-card-04");
    expect(last.text.endsWith("No more items.")).toBe(true);

    const folders = await call("list_folders", { response_format: "markdown" });
    expect(folders.text).toMatch(
      /^## list_folders: 3 items \(1–3 of 3\)\n\n1\. \*\*Pipeline A\*\* — id: \d+ · visibility: private · cards_count: 0/,
    );
    expect(toolError(await callRaw("search_cards", { response_format: "html" }))).toMatchObject({
      error: "validation_error",
      details: { response_format: ["must be one of: json, markdown"] },
    });
  });
});
