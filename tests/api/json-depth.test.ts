import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "~/server/lib/json-depth";
import { findUnstorableText } from "~/server/lib/stored-text";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { rawPost, startListener, type TListener } from "../mcp/helpers";

/**
 * Deeply nested JSON is refused on its text, before anything parses or walks it: /v1 with a
 * 400 validation_error, /mcp with JSON-RPC's Invalid Request (the browser's /api/trpc:
 * tests/api/trpc-endpoint.test.ts). Both through the service's HTTP server on a port.
 */

let t: TTestDb;
let listener: TListener;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await createAccount(t.db, { plan: "paid" })).token;
  listener = await startListener();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const nested = (depth: number, inner = "") => "[".repeat(depth) + inner + "]".repeat(depth);
const DEEP = 200_000;

describe("exceedsJsonDepth", () => {
  it("counts arrays and objects inside one another, not brackets inside strings", () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`, MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(`{"a":${nested(MAX_JSON_DEPTH)}}`, MAX_JSON_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(`["${"[".repeat(500)}"]`, MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(`["\\"${"[".repeat(500)}"]`, MAX_JSON_DEPTH)).toBe(false); // an escaped quote does not end the string
    expect(exceedsJsonDepth(`["\\\\", ${nested(MAX_JSON_DEPTH)}]`, MAX_JSON_DEPTH)).toBe(true); // an escaped backslash does
    // Siblings do not add up: depth is how far they nest, not how many there are.
    expect(exceedsJsonDepth(`[${Array.from({ length: 1000 }, () => nested(10)).join(",")}]`, MAX_JSON_DEPTH)).toBe(false);
  });

  it("walks a text of any depth without recursion", () => {
    expect(exceedsJsonDepth(nested(DEEP), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe("findUnstorableText walks values of any depth without recursion", () => {
  it("finds a NUL or an unpaired surrogate at the bottom of a 200,000-deep value, and none where there is none", () => {
    const nul = findUnstorableText(JSON.parse(nested(DEEP, '"x\\u0000"')));
    expect(nul?.problem).toBe("must not contain NUL characters");
    expect(nul?.param.split(".")).toHaveLength(DEEP);
    expect(findUnstorableText(JSON.parse(nested(DEEP, '"x\\ud800"')))?.problem).toMatch(/unpaired UTF-16 surrogate/);
    expect(findUnstorableText(JSON.parse(nested(DEEP, '"x\\ud83d\\ude00"')))).toBeUndefined();
  });
});

describe("/v1", () => {
  const post = (body: string) =>
    fetch(`${listener.base}/v1/cards/`, {
      method: "POST",
      headers: { authorization: `Token ${token}`, "content-type": "application/json" },
      body,
    });

  it("a 200,000-deep array in a body is a 400 validation_error, not a 500", async () => {
    const r = await post(`{"stages": ${nested(DEEP)}}`);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: "validation_error",
      message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`,
    });
  });

  it("a body nested 65 levels is refused, one within the limit is validated as usual", async () => {
    const over = await post(`{"stages": ${nested(MAX_JSON_DEPTH)}}`);
    expect(over.status).toBe(400);
    expect((await over.json()).message).toMatch(/nested too deeply/);
    const within = await post(`{"stages": ${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(within.status).toBe(400);
    const body = await within.json();
    expect(body.error).toBe("validation_error");
    expect(Object.keys(body.details)[0]).toMatch(/^stages/);
  });
});

describe("/mcp", () => {
  it("a 200,000-deep tool argument is JSON-RPC's Invalid Request with a 400, not a 500", async () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_cards","arguments":{"stages":${nested(DEEP)}}}}`;
    const r = await rawPost(listener.base, body, { authorization: `Bearer ${token}` });
    expect(r.status).toBe(400);
    const answer = await r.json();
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(answer.error.message).toMatch(/nested too deeply/);
  });

  it("a message within the limit is answered as usual", async () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_cards","arguments":{"stages":${nested(MAX_JSON_DEPTH - 5)}}}}`;
    const r = await rawPost(listener.base, body, { authorization: `Bearer ${token}` });
    expect(r.status).toBe(200);
    const answer = await r.json();
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[0].text).error).toBe("validation_error");
  });
});
