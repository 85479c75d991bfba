import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serveBrowserTrpc } from "~/server/api/trpc-endpoint";
import { accountById } from "~/server/auth/caller";
import type { TAccount } from "~/server/domain/access/caller";
import { INTERNAL_ERROR_BODY } from "~/server/lib/errors";
import { MAX_JSON_DEPTH } from "~/server/lib/json-depth";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The browser workspace's endpoint, /api/trpc (server/api/trpc-endpoint.ts, what
 * app/api/trpc/[trpc]/route.ts serves), driven with Fetch requests as Next hands them over; the
 * session is the account the test names. The service's origin is BASE_URL (http://localhost:3000).
 */

// A procedure that fails with an error no code threw on purpose, with database text in it.
const failure = vi.hoisted(() => ({ on: false }));
vi.mock("~/server/domain/userdata/folders", async (original) => {
  const real = await original<typeof import("~/server/domain/userdata/folders")>();
  return {
    ...real,
    listFolders: (...args: Parameters<typeof real.listFolders>) => {
      if (failure.on) throw new Error('relation "vm_private_table" does not exist (password=hunter2 at 10.0.0.7)');
      return real.listFolders(...args);
    },
  };
});

let t: TTestDb;
let account: TAccount;

beforeAll(async () => {
  t = await openTestDb();
  account = (await accountById(t.db, (await createAccount(t.db)).account.id))!;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  failure.on = false;
  vi.restoreAllMocks();
});

const OWN = "http://localhost:3000";

async function call(
  method: "GET" | "POST",
  path: string,
  opts: { body?: string; headers?: Record<string, string>; signedIn?: boolean } = {},
): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (method === "POST") headers["content-type"] = "application/json";
  const req = new Request(`${OWN}/api/trpc/${path}`, { method, headers, body: opts.body });
  const res = await serveBrowserTrpc(req, async () => (opts.signedIn === false ? undefined : account));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const createFolder = (name: string, headers: Record<string, string>, signedIn = true) =>
  call("POST", "user.folders.create", { body: JSON.stringify({ name }), headers, signedIn });

const folderNames = async () =>
  ((await call("GET", "user.folders.list", { headers: {} })).body.result.data as { name: string }[]).map((f) => f.name);

describe("internal errors reach the browser as the generic message", () => {
  it("a raw error thrown in a procedure answers INTERNAL_ERROR_BODY's message only, and is logged", async () => {
    const log = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    failure.on = true;
    const r = await call("GET", "user.folders.list");
    expect(r.status).toBe(500);
    expect(r.body.error.message).toBe(INTERNAL_ERROR_BODY.message);
    expect(r.body.error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", httpStatus: 500, appCode: "internal_error" });
    expect(r.text).not.toMatch(/vm_private_table|hunter2|10\.0\.0\.7|at .*\.ts/);
    const logged = log.mock.calls.map((c) => String(c[0])).join("");
    expect(logged).toContain("trpc error");
    expect(logged).toContain("vm_private_table");
    expect(logged).toContain("user.folders.list");
  });

  it("errors thrown on purpose keep their message", async () => {
    const r = await call("GET", `user.folders.get?input=${encodeURIComponent(JSON.stringify({ id: 999_999 }))}`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe("Folder not found.");
    expect(r.body.error.data.appCode).toBe("not_found");
  });
});

describe("mutations must come from the service's own pages", () => {
  it("an Origin naming another site is a 403, and nothing is changed", async () => {
    for (const origin of ["https://attacker.example", "null", "http://localhost:3001", "http://localhost:3000.attacker.example"]) {
      const r = await createFolder(`from ${origin}`, { origin });
      expect(r.status).toBe(403);
      expect(r.body.error.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, appCode: "permission_denied" });
    }
    expect(await folderNames()).not.toContain("from https://attacker.example");
  });

  it("without Origin, a Referer naming another site is a 403", async () => {
    const r = await createFolder("referred", { referer: "https://attacker.example/page" });
    expect(r.status).toBe(403);
  });

  it("with neither header, a signed-in browser's mutation is a 403", async () => {
    const r = await createFolder("no headers", {});
    expect(r.status).toBe(403);
    expect(await folderNames()).not.toContain("no headers");
  });

  it("with neither header and no session, the mutation goes on to the procedure (401)", async () => {
    const r = await createFolder("anonymous", {}, false);
    expect(r.status).toBe(401);
  });

  it("the service's own Origin, or its Referer without an Origin, passes", async () => {
    expect((await createFolder("own origin", { origin: OWN })).status).toBe(200);
    expect((await createFolder("own referer", { referer: `${OWN}/folders` })).status).toBe(200);
    expect(await folderNames()).toEqual(expect.arrayContaining(["own origin", "own referer"]));
  });

  it("queries are not checked", async () => {
    const r = await call("GET", "user.folders.list", { headers: { origin: "https://attacker.example" } });
    expect(r.status).toBe(200);
  });
});

describe("deeply nested input is a 400 before anything parses it", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

  it("in a mutation's body", async () => {
    const r = await call("POST", "user.folders.create", { body: `{"name": ${deep(200_000)}}`, headers: { origin: OWN } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`The input is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`);
    expect(r.body.error.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, appCode: "validation_error" });
  });

  it("in a query's input parameter", async () => {
    const r = await call("GET", `user.folders.get?input=${encodeURIComponent(`{"id": ${deep(MAX_JSON_DEPTH + 1)}}`)}`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/nested too deeply/);
  });

  it("input within the limit is validated as usual", async () => {
    const r = await call("POST", "user.folders.create", { body: `{"name": ${deep(MAX_JSON_DEPTH - 1)}}`, headers: { origin: OWN } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).not.toMatch(/nested too deeply/);
  });
});

describe("input the database cannot store is a 400 naming the parameter", () => {
  const post = (path: string, body: string) => call("POST", path, { body, headers: { origin: OWN } });
  const expectRefused = (r: { status: number; body: any }, param: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, appCode: "validation_error" });
    expect(r.body.error.data.details).toEqual({ [param]: [expect.stringMatching(/unpaired UTF-16 surrogate/)] });
    expect(r.body.error.message).toBe(`Invalid value for ${param}: ${r.body.error.data.details[param][0]}.`);
  };

  it("an unpaired surrogate in a saved filter's parameters (a JSON column), in a name (a text column)", async () => {
    expectRefused(await post("user.filters.create", '{"name": "Seed", "params": {"search": "a\\ud800"}}'), "params.search");
    expectRefused(await post("user.folders.create", '{"name": "x\\udfff"}'), "name");
    expect(await folderNames()).not.toContain("x\uFFFD");
  });

  it("in a batch, named within its call's input", async () => {
    const r = await post(
      "user.folders.create,user.filters.create?batch=1",
      '{"0": {"name": "fine"}, "1": {"name": "F", "params": {"stages": ["\\ud800"]}}}',
    );
    expectRefused(r, "params.stages.0");
  });

  it("in a query's input parameter", async () => {
    const input = encodeURIComponent('{"search": "a\\ud800"}');
    expectRefused(await call("GET", `cards.list?input=${input}`), "search");
    // A surrogate pair is ordinary text.
    expect((await call("GET", `cards.list?input=${encodeURIComponent('{"search": "\\ud83d\\ude80"}')}`)).status).toBe(200);
  });
});

describe("validation errors answer the API's message and details", () => {
  it("a zod refusal is the same message and details as /v1, not the issues' JSON", async () => {
    const r = await call("POST", "user.filters.create", { body: '{"name": "", "params": {"limit": "x"}}', headers: { origin: OWN } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^Invalid value for (name|params\.limit): /);
    expect(r.body.error.message).not.toContain("{");
    expect(r.body.error.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, appCode: "validation_error" });
    expect(Object.keys(r.body.error.data.details).sort()).toEqual(["name", "params.limit"]);
    expect(r.body.error.data.details.name).toEqual([expect.any(String)]);
  });

  it("an unknown parameter is named", async () => {
    const r = await call("POST", "user.folders.create", { body: '{"name": "a", "colour": "red"}', headers: { origin: OWN } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Invalid value for colour: unknown parameter.");
    expect(r.body.error.data.details).toEqual({ colour: ["unknown parameter"] });
  });

  it("an AppError's details reach data.details", async () => {
    const r = await call("POST", "user.filters.createFromQuery", {
      body: JSON.stringify({ name: "q", query: { limit: "zero" } }),
      headers: { origin: OWN },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.data.appCode).toBe("validation_error");
    expect(r.body.error.data.details).toEqual({ "query.limit": [expect.any(String)] });
    expect(r.body.error.message).toMatch(/^query\.limit: /);
  });
});
