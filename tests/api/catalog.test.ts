import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/api/rest/openapi";
import { publicCatalog } from "~/server/api/catalog";

const SPEC_ENDPOINTS = [
  "GET /v1/cards/",
  "POST /v1/cards/",
  "GET /v1/cards/{slug}/",
  "GET /v1/cards/{slug}/interactions/",
  "GET /v1/cards/categories/",
  "GET /v1/cards/stages/",
  "GET /v1/cards/rounds/",
  "GET /v1/cards/locations/",
  "GET /v1/cards/folders/",
  "GET /v1/cards/filters/",
  "GET /v1/cards/filters/{id}/new/",
  "POST /v1/cards/filters/{id}/seen/",
  "GET /v1/cards/source-types/",
  "GET /v1/participants/",
  "GET /v1/participants/{slug}/",
  "GET /v1/participants/batch/",
  "GET /v1/participants/types/",
  "GET /v1/network_a/profiles/",
  "GET /v1/network_a/profiles/{id}/",
  "GET /v1/network_a/collections/",
  "GET /v1/radar/quota/",
  "POST /v1/radar/applications/",
  "POST /v1/radar/applications/bulk/",
  "GET /v1/radar/applications/{source}/",
  "PATCH /v1/radar/applications/{source}/{id}/tracking/",
  "PATCH /v1/radar/applications/bulk-tracking/",
  "POST /v1/radar/applications/{source}/{id}/retry/",
  "DELETE /v1/radar/applications/{source}/{id}/",
  "POST /v1/radar/applications/bulk-delete/",
  "GET /v1/radar/connections/{source}/",
  "GET /v1/radar/connections/{source}/{id}/",
  "PATCH /v1/radar/connections/{source}/{id}/tracking/",
  "DELETE /v1/radar/connections/{source}/{id}/",
  "PATCH /v1/radar/connections/bulk-tracking/",
  "POST /v1/radar/connections/bulk-delete/",
  "GET /v1/radar/updates/meta/",
  "GET /v1/team/",
  "GET /v1/cards/{slug}/comments/",
  "GET /v1/radar/updates/",
  "GET /v1/token/validate/",
  // Webhooks (beyond the spec, which leaves outgoing events open: docs/webhooks.md).
  "POST /v1/webhooks/",
  "GET /v1/webhooks/",
  "GET /v1/webhooks/{id}/",
  "PATCH /v1/webhooks/{id}/",
  "DELETE /v1/webhooks/{id}/",
  "POST /v1/webhooks/{id}/test/",
  "POST /v1/webhooks/{id}/rotate-secret/",
  "GET /v1/webhooks/{id}/deliveries/",
  "POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/",
  // Typeahead (beyond the spec: docs/api.md).
  "GET /v1/autocomplete/",
  "POST /v1/cards/lookup/",
  "GET /v1/cards/aggregate/",
  "GET /v1/changes/",
];

describe("public catalog", () => {
  const catalog = publicCatalog("https://vm.example");

  it("lists every endpoint of the spec, with its version and base address", () => {
    expect(catalog.version).toBe("v1");
    expect(catalog.base_url).toBe("https://vm.example/v1/");
    expect(catalog.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it("marks raw-data endpoints restricted with a note, and only those", () => {
    for (const e of catalog.endpoints) {
      const restricted = e.path.startsWith("/v1/network_a/");
      expect(e.access === "restricted").toBe(restricted);
      if (restricted) expect(e.note).toMatch(/request access/i);
    }
  });
});

describe("OpenAPI document", () => {
  const doc = openApiDocument("https://vm.example");

  it("describes every catalog endpoint at its real path, with the trailing slash", () => {
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} /v1${p}`)),
    );
    const catalogued = publicCatalog("https://vm.example").endpoints.map((e) => `${e.method} ${e.path}`);
    expect(catalogued.filter((e) => !documented.has(e))).toEqual([]);
    for (const p of Object.keys(doc.paths ?? {})) expect(p.endsWith("/")).toBe(true);
  });

  it("describes errors with the spec's envelope", () => {
    const op = (doc.paths?.["/token/validate/"] as Record<string, { responses: Record<string, unknown> }>).get!;
    expect(op.responses["401"]).toEqual({ $ref: "#/components/responses/NotAuthenticated" });
    const responses = doc.components?.responses as Record<string, { content: Record<string, { schema: unknown }> }>;
    expect(responses.NotAuthenticated!.content["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(doc.servers).toEqual([{ url: "https://vm.example/v1", description: "This server" }]);
  });
});
