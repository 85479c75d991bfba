import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicCatalog } from "~/server/api/catalog";
import { contractsOf, restContracts } from "~/server/api/contracts";
import { LIST_REFERENCE_TOOL } from "~/server/api/routers/cards/reference.contract";
import type { TMeta } from "~/server/api/contract";
import { CAPABILITIES } from "~/server/domain/access/catalog";
import { mcpTools } from "~/server/mcp/tools";

/**
 * The operations' contracts (server/api/routers/<domain>/*.contract.ts) are the one description of
 * each /v1 operation: the catalog and the MCP tools are built from them, and a REST procedure
 * cannot go without one.
 */

const contracts = restContracts().map(({ contract }) => contract);

describe("operation contracts", () => {
  it("one contract per operation: method and path, and operationId, are unique", () => {
    expect(contracts.length).toBeGreaterThan(40);
    expect(new Set(contracts.map((c) => `${c.method} ${c.path}`)).size).toBe(contracts.length);
    expect(new Set(contracts.map((c) => c.operationId)).size).toBe(contracts.length);
  });

  it("a procedure exported to REST without a contract is refused", () => {
    const t = initTRPC.meta<TMeta>().create();
    const router = t.router({
      bare: t.procedure
        .meta({ openapi: { method: "GET", path: "/bare/" } })
        .input(z.object({}))
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() => contractsOf(router)).toThrow(/bare is exported to REST without a contract/);
  });

  it("the catalog lists every contract once, by capability and the contract's order", () => {
    const endpoints = publicCatalog("https://vm.example").endpoints;
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(contracts.map((c) => `${c.method} /v1${c.path}`).sort());
    const capabilities = Object.keys(CAPABILITIES);
    for (const [i, e] of endpoints.entries()) {
      if (i === 0) continue;
      const prev = endpoints[i - 1]!;
      expect(capabilities.indexOf(e.capability)).toBeGreaterThanOrEqual(capabilities.indexOf(prev.capability));
    }
    for (const capability of capabilities) {
      const orders = contracts.filter((c) => c.catalog.capability === capability).map((c) => c.catalog.order);
      expect(new Set(orders).size, capability).toBe(orders.length);
    }
  });

  it("every tool a contract names is served over MCP with the contract's text, and every MCP tool comes from a contract", () => {
    const texts = [
      ...contracts.flatMap((c) => (c.tools ?? []).map((t) => ({ ...t, scope: c.scope }))),
      { ...LIST_REFERENCE_TOOL, scope: "none" },
    ];
    const served = mcpTools();
    expect(served.map((t) => t.name).sort()).toEqual(texts.map((t) => t.name).sort());
    for (const text of texts) {
      const tool = served.find((t) => t.name === text.name)!;
      expect(tool.title).toBe(text.title);
      expect(tool.description).toBe(text.scope === "none" ? text.description : `${text.description}\n\nOAuth scope: ${text.scope}.`);
    }
  });
});
