import { z } from "zod";

/** A JSON Schema object as MCP carries it in `inputSchema` and `outputSchema`. */
export type TJsonSchema = { type: "object"; [key: string]: unknown };

/**
 * The JSON Schema of a procedure's zod input (what a tool accepts: JSON values, as the procedures
 * accept typed values from tRPC) or output (what `structuredContent` holds: the /v1 response body).
 *
 * Dates are strings in JSON: a date parameter is `YYYY-MM-DD`, a date in a response an ISO 8601
 * timestamp. The `$schema` keyword is left out (MCP clients compile these with their own validator,
 * whose default dialect may differ), and so are zod's ±(2^53 - 1) bounds of plain integers.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): TJsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type !== "date") return;
      ctx.jsonSchema.type = "string";
      ctx.jsonSchema.format = io === "input" ? "date" : "date-time";
    },
  }) as Record<string, unknown>;
  delete out.$schema;
  stripSafeIntegerBounds(out);
  if (out.type !== "object") throw new Error(`MCP: a tool's ${io} schema must be an object, not ${String(out.type)}`);
  return out as TJsonSchema;
}

function stripSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stripSafeIntegerBounds(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  if (obj.minimum === Number.MIN_SAFE_INTEGER) delete obj.minimum;
  if (obj.maximum === Number.MAX_SAFE_INTEGER) delete obj.maximum;
  for (const value of Object.values(obj)) stripSafeIntegerBounds(value);
}
