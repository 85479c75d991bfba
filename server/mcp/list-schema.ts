import type { TJsonSchema } from "./json-schema";
import { MAX_LIST_LIMIT, resultCap, type TListSpec } from "./paging";

/**
 * The JSON Schemas of a list tool (docs/mcp.md, "Large results"): the input schema of its
 * operation with `cursor`, `response_format`, and `fields` and `limit` where the operation has none;
 * the output schema with `next_cursor`, `truncated` and `note`, and items whose fields may be fewer
 * than the operation's (`fields`, or an item cut down to fit the cap).
 */

type TNode = Record<string, unknown>;

const properties = (s: TNode): TNode => (s.properties ?? {}) as TNode;

/** The schema of one item of `data`, if the schema describes an inline list. */
function itemSchema(output: TNode): TNode | undefined {
  const data = properties(output).data as TNode | undefined;
  const items = data?.type === "array" ? (data.items as TNode | undefined) : undefined;
  return items && typeof items === "object" && items.properties ? items : undefined;
}

/** The top-level fields of a list's items, from its output schema. */
export function itemFieldsOf(output: TJsonSchema): string[] {
  return Object.keys(properties(itemSchema(output) ?? {}));
}

const CURSOR = {
  type: "string",
  maxLength: 512,
  description:
    "To continue a list: the next_cursor of the previous call, with that call's other arguments (limit, fields, response_format may change). Leave out for the first page.",
};

const RESPONSE_FORMAT = {
  type: "string",
  enum: ["json", "markdown"],
  default: "json",
  description:
    "json (default): the text content is the result's JSON. markdown: it is a readable summary (counts, one line per item, how to continue). structuredContent is the JSON either way.",
};

function fieldsSchema(allowed: readonly string[] | undefined): TNode {
  return {
    type: "array",
    items: allowed ? { type: "string", enum: allowed } : { type: "string" },
    minItems: 1,
    maxItems: 50,
    description: "Only these top-level fields of each item in data (default: all of them).",
  };
}

const LIST_LIMIT = {
  type: "integer",
  minimum: 1,
  maximum: MAX_LIST_LIMIT,
  description: `At most this many items (default: the whole list, within the result cap of ${resultCap.chars.toLocaleString("en-US")} characters).`,
};

/** The list tool's input schema: its operation's, with the paging arguments the tool adds. */
export function listInputSchema(s: TJsonSchema, spec: TListSpec, allowedFields: readonly string[] | undefined): TJsonSchema {
  const own = properties(s);
  const added: TNode = { cursor: CURSOR, response_format: RESPONSE_FORMAT };
  const offset = own.offset as TNode | undefined;
  if (offset) {
    const said = typeof offset.description === "string" ? `${offset.description.replace(/\.?$/, ".")} ` : "";
    added.offset = { ...offset, description: `${said}To continue from a result, pass its next_cursor as cursor instead (not both).` };
  }
  if (!spec.ownFields) added.fields = fieldsSchema(allowedFields);
  if (spec.paging === "all") added.limit = LIST_LIMIT;
  return { ...s, properties: { ...own, ...added } };
}

/** One object schema of a list answer, with the fields the tool adds. */
function listAnswerSchema(s: TNode): TNode {
  const items = itemSchema(s);
  const props = { ...properties(s) };
  if (items) {
    // Items may carry fewer fields than the operation's: those `fields` selects, or an item cut down to fit the cap.
    const optional = { ...items };
    delete optional.required;
    props.data = { ...(props.data as TNode), items: optional };
  }
  props.next_cursor = {
    type: ["string", "null"],
    description: "Pass as cursor (with the same other arguments) to get the items after these; null when no item follows.",
  };
  props.truncated = {
    type: "boolean",
    description: `Present (true) when the result was cut to fit the cap of ${resultCap.chars.toLocaleString("en-US")} characters: fewer items than the page held.`,
  };
  props.note = { type: "string", description: "With truncated: how the result was cut and how to continue." };
  const required = Array.isArray(s.required) ? [...(s.required as string[]), "next_cursor"] : ["next_cursor"];
  return { ...s, properties: props, required };
}

/** The list tool's output schema (each alternative of one that has several, as list_reference's). */
export function listOutputSchema(s: TJsonSchema): TJsonSchema {
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: (s.anyOf as TNode[]).map(listAnswerSchema) };
  return listAnswerSchema(s) as TJsonSchema;
}
