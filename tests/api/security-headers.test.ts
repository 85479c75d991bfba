import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The REST edge (what both the Node server and the App Router route serve) adds the security headers. */

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await createAccount(t.db, { plan: "paid" })).token;
});
afterAll(async () => {
  await t?.close();
});

describe("security headers of /v1 answers", () => {
  const saved = process.env.BASE_URL;
  afterEach(() => {
    process.env.BASE_URL = saved;
    resetEnvCache();
  });

  it("on a success and on each kind of error, next to the edge's own headers", async () => {
    const answers = [
      await api("GET", "/token/validate/", { token }),
      await api("GET", "/token/validate/"),
      await api("GET", "/cards/", { token }),
      await api("GET", "/nope/", { token }),
      await api("POST", "/cards/", { token, rawBody: "{bad", headers: { "content-type": "application/json" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 200, 404, 400]);
    for (const r of answers) {
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(r.headers.get("strict-transport-security")).toBeNull();
      expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(answers[0]!.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("with HSTS when the public address is https", async () => {
    process.env.BASE_URL = "https://vm.example";
    resetEnvCache();
    for (const r of [await api("GET", "/token/validate/", { token }), await api("GET", "/token/validate/")]) {
      expect(r.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
