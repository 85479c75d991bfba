import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/api/rest/openapi";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";

/**
 * Every operation of the OpenAPI document, driven from the document itself (so an operation added
 * later is covered without editing this file):
 *
 * - names of Object.prototype members (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, ...)
 *   as query values, query names, path segments, body values and body keys never reach a lookup on a
 *   plain object: the answer is a 2xx or a 4xx with the spec's error body, never a 500;
 * - every property of every JSON body refuses a value of the wrong JSON type (number, string, boolean,
 *   object, array, null) with `400 validation_error` naming the property.
 */

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  token = (await createAccount(t.db, { staff: true, grant: ["network_a_profiles"] })).token;
});
afterAll(async () => {
  await t?.close();
});

interface TSchema {
  type?: string | string[];
  items?: TSchema;
  properties?: Record<string, TSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: TSchema[];
}
interface TOperation {
  parameters?: { name: string; in: string; schema?: TSchema }[];
  requestBody?: { content: Record<string, { schema: TSchema }> };
}

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "__defineGetter__"];

const doc = openApiDocument("http://localhost");
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, TOperation>).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

/** A path with its parameters filled: the given value for `name` (or every one), valid-looking values elsewhere. */
function fill(path: string, value?: string, only?: string): string {
  const defaults: Record<string, string> = { source: "network_a", slug: "alpha-robotics", id: "1" };
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(value !== undefined && (only === undefined || only === name) ? value : (defaults[name] ?? "1")),
  );
}

/** A body every property of which is valid, so that one property at a time can be made wrong. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /cards/": {},
  "POST /cards/lookup/": { identifiers: ["acme.com"] },
  "POST /radar/applications/": { source: "network_a", username: "someone" },
  "POST /radar/applications/bulk/": { source: "network_a", applications: [{ username: "someone" }] },
  "PATCH /radar/applications/bulk-tracking/": { source: "network_a", ids: [1], is_tracking: true },
  "POST /radar/applications/bulk-delete/": { source: "network_a", ids: [1] },
  "PATCH /radar/applications/{source}/{id}/tracking/": { is_tracking: true },
  "PATCH /radar/connections/bulk-tracking/": { source: "network_a", ids: [1], is_tracking: true },
  "POST /radar/connections/bulk-delete/": { source: "network_a", ids: [1] },
  "PATCH /radar/connections/{source}/{id}/tracking/": { is_tracking: true },
  "POST /webhooks/": { url: "https://93.184.215.14/hook", events: ["radar.update.created"], description: "x" },
  "PATCH /webhooks/{id}/": { enabled: true },
};

function expectSane(r: { status: number; body: { error?: unknown; message?: unknown } | undefined }, label: string) {
  const semanticOff = r.status === 503 && r.body?.error === "semantic_unavailable";
  expect(r.status < 500 || semanticOff, `${label}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBe(true);
  if (r.status >= 400) expect(r.body, label).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
}

const bodySchema = (op: TOperation) => op.requestBody?.content["application/json"]?.schema;

describe("names of Object.prototype members", () => {
  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    "%s",
    async (_label, { method, path, op }) => {
      const valid = VALID_BODIES[`${method} ${path}`];
      const call = (url: string, body?: unknown) => api(method, url, { token, body: body ?? (op.requestBody ? valid : undefined) });
      for (const name of PROTOTYPE_NAMES) {
        for (const p of op.parameters ?? []) {
          if (p.in === "query") expectSane(await call(`${fill(path)}?${p.name}=${encodeURIComponent(name)}`), `?${p.name}=${name}`);
          if (p.in === "path") expectSane(await call(fill(path, name, p.name)), `{${p.name}}=${name}`);
        }
        expectSane(await call(`${fill(path)}?${encodeURIComponent(name)}=1`), `?${name}=1`);
        const schema = bodySchema(op);
        if (!schema) continue;
        for (const key of Object.keys(schema.properties ?? {})) {
          expectSane(await call(fill(path), { ...valid, [key]: name }), `body ${key}=${name}`);
          expectSane(await call(fill(path), { ...valid, [key]: JSON.parse(`{"${name}": 1}`) }), `body ${key}={${name}: 1}`);
        }
        const r = await call(fill(path), { ...valid, ...JSON.parse(`{"${name}": "x"}`) });
        expectSane(r, `body key ${name}`);
        expect(r.status, `body key ${name}`).toBe(400);
      }
    },
    300_000,
  );

  it("a sort named after a prototype member is a 400 naming sort, on every list with a sort", async () => {
    for (const { method, path, op } of operations) {
      if (method !== "GET" || !(op.parameters ?? []).some((p) => p.name === "sort" && p.in === "query")) continue;
      for (const name of PROTOTYPE_NAMES) {
        const r = await api("GET", `${fill(path)}?sort=${name}`, { token });
        // Raw-data lists fall back to the default sort (the spec's lenient rule) and say so in meta.
        if (path.startsWith("/network_a/")) expect(r.status, `${path} sort=${name}`).toBe(200);
        else
          expect([r.status, r.body.error, r.body.details?.sort !== undefined], `${path} sort=${name}`).toEqual([
            400,
            "validation_error",
            true,
          ]);
      }
    }
    expect((await api("POST", "/cards/", { token, body: { sort: "constructor" } })).body.details).toHaveProperty("sort");
  });
});

/** Values of every JSON type but the one(s) the schema accepts. */
function wrongValues(schema: TSchema): unknown[] {
  const types = new Set([schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean) as string[]);
  const samples: [string, unknown][] = [
    ["string", "text"],
    ["number", 1.5],
    ["integer", 7],
    ["boolean", true],
    ["object", { a: 1 }],
    ["null", null],
  ];
  const out = samples.filter(([type]) => !types.has(type) && !(type === "integer" && types.has("number"))).map(([, v]) => v);
  if (types.has("array")) {
    // A list of strings refuses numbers inside it, a list of integers refuses strings (a list of
    // objects, the bulk create's applications, reports a bad item in its answer instead).
    if (schema.items?.type === "integer") out.push(["1"]);
    else if (schema.items?.type === "string") out.push([1]);
  } else {
    out.push(["text"]);
  }
  if (types.has("integer") || types.has("number")) out.push("7"); // a number's text is a string in JSON
  if (types.has("boolean")) out.push("true");
  return out.filter((v) => !(typeof v === "string" && types.has("string")));
}

describe("JSON bodies: a value of the wrong type is a 400 naming the property", () => {
  const withBodies = operations.filter(({ op }) => bodySchema(op));

  it("covers every operation with a body", () => {
    expect(withBodies.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(Object.keys(VALID_BODIES).sort());
  });

  it.each(withBodies.map((o) => [`${o.method} ${o.path}`, o] as const))(
    "%s",
    async (label, { method, path, op }) => {
      const valid = VALID_BODIES[label]!;
      const properties = Object.entries(bodySchema(op)!.properties ?? {});
      expect(properties.length, label).toBeGreaterThan(0);
      for (const [key, schema] of properties) {
        for (const value of wrongValues(schema)) {
          const r = await api(method, fill(path), { token, body: { ...valid, [key]: value } });
          const what = `${label} ${key}=${JSON.stringify(value)}`;
          expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(r.body.error, what).toBe("validation_error");
          const named = Object.keys(r.body.details ?? {}).some((k) => k === key || k.startsWith(`${key}.`));
          expect(named, `${what}: ${JSON.stringify(r.body)}`).toBe(true);
        }
      }
    },
    300_000,
  );

  it("the issue's example: stages as a number", async () => {
    const r = await api("POST", "/cards/", { token, body: { stages: 5 } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: "validation_error",
      message: "Invalid value for stages: must be a list of strings.",
      details: { stages: ["must be a list of strings"] },
    });
  });

  it("the right types still work: arrays, a comma string for a list, integers, booleans", async () => {
    const r = await api("POST", "/cards/", {
      token,
      body: {
        stages: ["seed"],
        fields: "id,name",
        limit: 5,
        include_total: false,
        trending: false,
        min_signals: 0,
        created_after: "2020-01-01",
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta.fields).toEqual(["id", "name"]);
  });
});
