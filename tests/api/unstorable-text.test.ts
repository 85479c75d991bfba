import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Text the database cannot store is refused by the REST edge with 400 validation_error naming the
 * parameter, before any procedure runs: an unpaired UTF-16 surrogate (a JSON column refuses it, a
 * text column would get U+FFFD in its place) and NUL. A surrogate pair (an emoji) is ordinary text.
 * The workspace's /api/trpc: tests/api/trpc-endpoint.test.ts; /mcp: tests/mcp/tools.test.ts.
 */

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await createAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
});

/** A JSON body written as text, so that escapes reach the server exactly as written. */
const post = (path: string, json: string) => api("POST", path, { token, rawBody: json, headers: { "content-type": "application/json" } });

const SURROGATE = /unpaired UTF-16 surrogate/;

describe("an unpaired surrogate in a body", () => {
  it("is a 400 naming the parameter, wherever it is", async () => {
    for (const [json, param] of [
      ['{"search": "a\\ud800"}', "search"],
      ['{"search": "\\udc00a"}', "search"],
      ['{"stages": ["seed", "x\\udbff"]}', "stages.1"],
      ['{"a\\ud800": 1}', "body"],
    ] as const) {
      const r = await post("/cards/", json);
      expect(r.status, json).toBe(400);
      expect(r.body.error, json).toBe("validation_error");
      expect(r.body.message, json).toBe(`Invalid value for ${param}: ${r.body.details[param][0]}.`);
      expect(r.body.details[param][0], json).toMatch(SURROGATE);
    }
  });

  it("is refused before it reaches a text column", async () => {
    const r = await post(
      "/webhooks/",
      '{"url": "https://93.184.215.14/hook", "events": ["radar.update.created"], "description": "a\\ud800"}',
    );
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({ description: [expect.stringMatching(SURROGATE)] });
    expect((await api("GET", "/webhooks/", { token })).body.data).toEqual([]);
  });

  it("a surrogate pair is ordinary text", async () => {
    const r = await post(
      "/webhooks/",
      '{"url": "https://93.184.215.14/hook", "events": ["radar.update.created"], "description": "\\ud83d\\ude80 launches"}',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.description).toBe("🚀 launches");
    expect((await post("/cards/", '{"search": "\\ud83d\\ude80"}')).status).toBe(200);
  });
});

describe("query strings", () => {
  it("NUL in a parameter is a 400 naming it", async () => {
    const r = await api("GET", "/cards/?search=a%00b", { token });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: "validation_error",
      message: "Invalid value for search: must not contain NUL characters.",
      details: { search: ["must not contain NUL characters"] },
    });
  });

  it("percent-encoded surrogate bytes are not UTF-8 and decode to U+FFFD, which is ordinary text", async () => {
    const r = await api("GET", "/cards/?search=a%ED%A0%80", { token });
    expect(r.status).toBe(200);
  });
});
