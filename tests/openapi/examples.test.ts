import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { TContract, TOperationExamples } from "~/server/api/contract";
import { restContracts } from "~/server/api/contracts";
import { openApiDocument } from "~/server/api/rest/openapi";
import { appRouter } from "~/server/api/root";

/**
 * Every example of the OpenAPI document (from the operations' contracts) is parsed with the
 * procedure's own zod schemas: the 200
 * body with `.output()` (and must come out unchanged, so a renamed or extra field is caught), the
 * request with `.input()` as the REST adapter feeds it (query values as strings, lists
 * comma-separated; path values as strings; the JSON body as is). An example can never drift from
 * the shapes the service really accepts and answers.
 */

interface TProcedure {
  _def: { meta?: { openapi?: { method: string; path: string }; contract?: TContract }; inputs: z.ZodType[]; output?: z.ZodType };
}
interface TDocParameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
}
interface TDocOperation {
  parameters?: TDocParameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

const doc = openApiDocument("http://localhost:3000") as unknown as { paths: Record<string, Record<string, TDocOperation>> };

const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, TProcedure> } })._def.procedures)
  .filter(([, p]) => p._def.meta?.openapi)
  .map(([name, p]) => {
    const { method, path } = p._def.meta!.openapi!;
    const key = `${method} ${path}`;
    const contract = p._def.meta!.contract;
    const operationId = contract?.operationId ?? `(no contract: ${key})`;
    return {
      name,
      key,
      method,
      path,
      operationId,
      contract,
      input: p._def.inputs[0]!,
      output: p._def.output!,
      docOp: doc.paths[path]?.[method.toLowerCase()],
    };
  });
const EXAMPLES: Record<string, TOperationExamples> = Object.fromEntries(
  restContracts().map(({ contract: c }) => [c.operationId, c.examples]),
);

/** The procedure input the adapter builds from an example request. */
function requestInput(ex: TOperationExamples, docOp: TDocOperation): Record<string, unknown> {
  const inPath = new Set((docOp.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
  const input: Record<string, unknown> = { ...ex.body };
  for (const [name, value] of Object.entries(ex.params ?? {})) {
    input[name] = Array.isArray(value) && !inPath.has(name) ? value.join(",") : String(value);
  }
  return input;
}

function issues(result: { success: boolean; error?: { issues: unknown[] } }): string {
  return result.success ? "" : JSON.stringify(result.error!.issues);
}

describe("OpenAPI examples", () => {
  it("covers every REST procedure", () => {
    expect(procedures.length).toBe(restContracts().length);
    for (const p of procedures) {
      expect(p.docOp, p.key).toBeDefined();
      expect(EXAMPLES[p.operationId], p.operationId).toBeDefined();
      // The procedure declares the contract's schemas and path.
      expect(p.contract!.input, p.key).toBe(p.input);
      expect(p.contract!.output, p.key).toBe(p.output);
      expect(`${p.contract!.method} ${p.contract!.path}`).toBe(p.key);
    }
    expect(Object.keys(EXAMPLES).sort()).toEqual(procedures.map((p) => p.operationId).sort());
  });

  it.each(procedures)("$operationId: the 200 example is what .output() produces", ({ operationId, output, docOp }) => {
    const example = EXAMPLES[operationId]!.response;
    expect(docOp!.responses["200"]!.content!["application/json"]!.example).toBe(example);
    const parsed = output.safeParse(example);
    expect(parsed.success, issues(parsed)).toBe(true);
    expect(parsed.data).toEqual(example);
  });

  it.each(procedures)("$operationId: the request example is accepted by .input()", ({ operationId, input, docOp }) => {
    const ex = EXAMPLES[operationId]!;
    for (const p of docOp!.parameters ?? []) {
      if (p.in === "path") expect(ex.params?.[p.name], `${operationId}: example of path parameter ${p.name}`).toBeDefined();
      if (ex.params && p.name in ex.params) expect(p.example).toEqual(ex.params[p.name]);
    }
    if ((docOp!.parameters ?? []).some((p) => p.in === "query")) {
      const queryExamples = (docOp!.parameters ?? []).filter((p) => p.in === "query" && p.example !== undefined);
      expect(queryExamples.length, `${operationId}: query parameter examples`).toBeGreaterThan(0);
    }
    if (docOp!.requestBody) {
      expect(ex.body, `${operationId}: body example`).toBeDefined();
      expect(docOp!.requestBody.content["application/json"]!.example).toBe(ex.body);
    } else {
      expect(ex.body, `${operationId}: a body example without a body`).toBeUndefined();
    }
    const parsed = input.safeParse(requestInput(ex, docOp!));
    expect(parsed.success, issues(parsed)).toBe(true);
  });

  it("catches a drifted example", () => {
    const list = procedures.find((p) => p.operationId === "listCards")!;
    const response = structuredClone(EXAMPLES.listCards!.response) as { data: Record<string, unknown>[] };
    response.data[0]!.interaction_count = response.data[0]!.interactions_count; // a renamed field
    delete response.data[0]!.interactions_count;
    const parsed = list.output.safeParse(response);
    expect(parsed.success && JSON.stringify(parsed.data) === JSON.stringify(response)).toBe(false);
    const request = requestInput({ params: { stage: ["idea"] }, response: null }, list.docOp!);
    expect(list.input.safeParse(request).success).toBe(false);
    const create = procedures.find((p) => p.operationId === "createRadarApplication")!;
    expect(create.input.safeParse({ source: "network_a", user_name: "dana-kim" }).success).toBe(false);
  });
});
