import { describe, expect, it } from "vitest";
import { ERROR_RESPONSES } from "~/server/api/rest/oas/components";
import { openApiDocument } from "~/server/api/rest/openapi";
import { ERROR_STATUS, type TErrorCode } from "~/server/lib/errors";

/**
 * The structure of the served OpenAPI document, beyond what the linters check (npm test --
 * openapi): documentation on every operation, the statuses each one can answer, parameter
 * serialisation, security, and the info block.
 */

interface TParam {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema: { type?: string; format?: string; items?: { type?: string } };
}
interface TOp {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: unknown;
  parameters?: TParam[];
  requestBody?: unknown;
  responses: Record<
    string,
    { $ref?: string; description?: string; headers?: Record<string, unknown>; content?: Record<string, { example?: unknown }> }
  >;
}
interface TDoc {
  openapi: string;
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
    contact: { name: string; url: string };
  };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, TOp>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<
      string,
      { headers?: Record<string, unknown>; content: Record<string, { examples: Record<string, { value: { error: string } }> }> }
    >;
    securitySchemes: Record<
      string,
      {
        type: string;
        in: string;
        name: string;
        description: string;
        flows: { authorizationCode: { authorizationUrl: string; tokenUrl: string; refreshUrl: string; scopes: Record<string, string> } };
      }
    >;
  };
}

const doc = openApiDocument("https://vm.example.org") as unknown as TDoc;
const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
const refOf = (op: TOp, status: string) => op.responses[status]?.$ref?.replace("#/components/responses/", "");

describe("the OpenAPI document", () => {
  it("is built once per process: only the base-URL parts change between calls", () => {
    const other = openApiDocument("http://localhost:3000") as unknown as TDoc;
    expect(other.paths).toBe(doc.paths);
    expect(other.components.schemas).toBe(doc.components.schemas);
    expect(other.components.responses).toBe(doc.components.responses);
    expect(doc.components.securitySchemes.OAuth2!.flows.authorizationCode.tokenUrl).toBe("https://vm.example.org/oauth/token");
    expect(doc.servers).toEqual([{ url: "https://vm.example.org/v1", description: "This server" }]);
    expect(doc.info.contact).toEqual({ name: "Venture Monitor API reference", url: "https://vm.example.org/docs" });
    expect(other.info.description).toContain("http://localhost:3000/v1/cards/");
  });

  it("declares every path with the spec's trailing slash, and 53 operations", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(ops).toHaveLength(53);
    for (const { path } of ops) expect(path).toMatch(/\/$/);
  });

  it("documents every operation: summary, description, one declared tag, a unique readable id", () => {
    const declared = new Map(doc.tags.map((t) => [t.name, t.description]));
    const ids = new Set<string>();
    for (const { path, op } of ops) {
      expect(op.summary.length, path).toBeGreaterThan(5);
      expect(op.description.length, path).toBeGreaterThan(60);
      expect(op.tags, path).toHaveLength(1);
      expect(declared.get(op.tags[0]!)?.length, `tag ${op.tags[0]}`).toBeGreaterThan(20);
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
    }
    expect([...declared.keys()].every((t) => ops.some(({ op }) => op.tags[0] === t))).toBe(true);
  });

  it("accepts the Token scheme or an OAuth 2.0 token with the operation's scope on every operation", () => {
    expect(doc.components.securitySchemes.Token).toMatchObject({ type: "apiKey", in: "header", name: "Authorization" });
    expect(doc.components.securitySchemes.Token!.description).toContain("Token <API_TOKEN>");
    const flow = doc.components.securitySchemes.OAuth2!.flows.authorizationCode;
    expect(flow).toMatchObject({
      authorizationUrl: "https://vm.example.org/oauth/authorize",
      tokenUrl: "https://vm.example.org/oauth/token",
      refreshUrl: "https://vm.example.org/oauth/token",
    });
    expect(Object.keys(flow.scopes)).toEqual([
      "cards:read",
      "participants:read",
      "network_a:read",
      "radar:read",
      "radar:write",
      "webhooks:manage",
      "team:read",
    ]);
    const scopeOf = (path: string, method: string) => {
      if (path === "/token/validate/") return [];
      if (path === "/team/" || path.endsWith("/comments/")) return ["team:read"];
      if (path.startsWith("/cards/") || path === "/autocomplete/" || path === "/changes/") return ["cards:read"];
      if (path.startsWith("/participants/")) return ["participants:read"];
      if (path.startsWith("/network_a/")) return ["network_a:read"];
      if (path.startsWith("/webhooks/")) return ["webhooks:manage"];
      return [method === "get" ? "radar:read" : "radar:write"];
    };
    for (const { op, path, method } of ops)
      expect(op.security, `${method} ${path}`).toEqual([{ Token: [] }, { OAuth2: scopeOf(path, method) }]);
  });

  it("gives each operation the statuses it can answer", () => {
    for (const { path, method, op } of ops) {
      const statuses = Object.keys(op.responses);
      const where = `${method.toUpperCase()} ${path}`;
      expect(
        statuses.filter((s) => ["200", "400", "401", "429", "500", "503"].includes(s)),
        where,
      ).toEqual(["200", "400", "401", "429", "500", "503"]);
      // 404 exactly where the path names a resource (not on lists by source).
      const lookedUp = (op.parameters ?? []).some((p) => p.in === "path" && p.name !== "source");
      expect(statuses.includes("404"), where).toBe(lookedUp);
      expect(statuses.includes("413"), where).toBe(method === "post" || method === "patch");
      expect(statuses.includes("403"), where).toBe(op.operationId !== "validateToken");
      // 503 everywhere (the database cannot be reached); on the semantic lists it also says
      // semantic_unavailable. A saved filter's new cards are a card list too (a saved filter may
      // search by meaning).
      const semantic = ["listCards", "searchCards", "aggregateCards", "listSavedFilterNewCards", "listParticipants"];
      expect(refOf(op, "503"), where).toBe(semantic.includes(op.operationId) ? "SemanticUnavailable" : "ServiceUnavailable");
      const trackingLimit = ["createRadarApplication", "setRadarConnectionTracking", "setRadarConnectionsTracking"];
      expect(refOf(op, "400"), where).toBe(trackingLimit.includes(op.operationId) ? "TrackingLimitOrInvalid" : "ValidationError");
      if (path.startsWith("/network_a/")) expect(refOf(op, "403")).toBe("RawDataPermissionDenied");
      for (const s of statuses.filter((s) => s !== "200"))
        expect(op.responses[s]!.$ref, `${where} ${s}`).toMatch(/^#\/components\/responses\//);
      const ok = op.responses["200"]!;
      expect(ok.description!.length).toBeGreaterThan(5);
      expect(Object.keys(ok.headers ?? {})).toEqual(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]);
      expect(ok.content!["application/json"]!.example, where).toBeDefined();
    }
  });

  it("gives each error response the Error schema and example bodies whose code matches its status", () => {
    const statusOf: Record<string, number> = {
      ValidationError: 400,
      TrackingLimitOrInvalid: 400,
      NotAuthenticated: 401,
      PermissionDenied: 403,
      RawDataPermissionDenied: 403,
      NotFound: 404,
      CursorExpired: 410,
      PayloadTooLarge: 413,
      Throttled: 429,
      InternalError: 500,
      ServiceUnavailable: 503,
      SemanticUnavailable: 503,
    };
    expect(Object.keys(doc.components.responses).sort()).toEqual(Object.keys(statusOf).sort());
    for (const [name, response] of Object.entries(doc.components.responses)) {
      const media = response.content["application/json"]!;
      expect(media).toMatchObject({ schema: { $ref: "#/components/schemas/Error" } });
      const examples = Object.values(media.examples);
      expect(examples.length, name).toBeGreaterThan(0);
      for (const ex of examples) expect(ERROR_STATUS[ex.value.error as TErrorCode], `${name}: ${ex.value.error}`).toBe(statusOf[name]);
    }
    const codes = (r: keyof typeof ERROR_RESPONSES) =>
      Object.values(doc.components.responses[r]!.content["application/json"]!.examples).map((e) => e.value.error);
    expect(codes("NotAuthenticated").sort()).toEqual(["authentication_failed", "not_authenticated"]);
    expect(codes("TrackingLimitOrInvalid").sort()).toEqual(["tracking_limit_reached", "validation_error"]);
    expect(Object.keys(doc.components.responses.Throttled!.headers ?? {})).toContain("Retry-After");
    expect(codes("ServiceUnavailable")).toEqual(["service_unavailable"]);
    expect(codes("SemanticUnavailable").sort()).toEqual(["semantic_unavailable", "service_unavailable"]);
    for (const r of ["ServiceUnavailable", "SemanticUnavailable"] as const)
      expect(Object.keys(doc.components.responses[r]!.headers ?? {}), r).toContain("Retry-After");
    const validation = doc.components.responses.ValidationError!.content["application/json"]!.examples;
    expect(Object.values(validation).every((e) => "details" in e.value)).toBe(true);
  });

  it("describes every parameter, with path parameters required and comma lists as form, explode false", () => {
    for (const { path, op } of ops) {
      for (const p of op.parameters ?? []) {
        const where = `${path} ${p.name}`;
        expect(p.description?.length, where).toBeGreaterThan(5);
        if (p.in === "path") expect(p.required, where).toBe(true);
        if (p.schema.type === "array") expect([p.style, p.explode], where).toEqual(["form", false]);
      }
    }
    const param = (path: string, name: string, method = "get") => doc.paths[path]![method]!.parameters!.find((p) => p.name === name)!;
    expect(param("/cards/", "folder_ids").schema.items?.type).toBe("integer");
    expect(param("/cards/", "created_after").schema.format).toBe("date");
    expect(param("/cards/", "include_total").schema.type).toBe("boolean");
    expect(param("/network_a/profiles/", "limit").schema.type).toBe("integer");
    expect(param("/network_a/profiles/", "classification").schema.type).toBe("array");
    expect(param("/network_a/profiles/{id}/", "id").schema.type).toBe("integer");
    expect(param("/radar/applications/{source}/{id}/", "source", "delete").required).toBe(true);
  });

  it("carries a licence, a contact and a getting-started guide", () => {
    expect(doc.info.license).toEqual({ name: "MIT", identifier: "MIT" });
    for (const topic of [
      "Token <API_TOKEN>",
      "vmon tokens create",
      "curl",
      "include_total",
      "has_next",
      "validation_error",
      "X-RateLimit-Remaining",
      "Retry-After",
      "429",
      "paid",
      "free",
      "unlimited",
    ]) {
      expect(doc.info.description, topic).toContain(topic);
    }
  });
});
