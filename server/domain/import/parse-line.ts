import type { z } from "zod";
import { LINE_SCHEMAS, normalizeRecord, recordKey } from "./schemas";
import { KINDS, type TKind } from "./types";

/** The first validation step of a line: JSON, kind, schema. References are checked later. */

export type TParsedLine =
  | { ok: true; kind: TKind; key: string | null; rec: Record<string, unknown> }
  | { ok: false; reason: string; kind?: TKind; key?: string | null };

const KIND_SET = new Set<string>(KINDS);

function valueAt(obj: unknown, path: PropertyKey[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  if (path && valueAt(raw, issue.path) === undefined) {
    return `missing required key '${path}'`;
  }
  if (issue.code === "unrecognized_keys") {
    return `${path ? `'${path}': ` : ""}unknown key(s) ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  }
  const message = issue.message.replace(/^Invalid input: /, "");
  return path ? `'${path}' ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
}

function describeError(raw: unknown, error: z.ZodError): string {
  const parts = error.issues.slice(0, 3).map((i) => describeIssue(raw, i));
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more problems)` : "";
  return parts.join("; ") + more;
}

export function parseLine(text: string): TParsedLine {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `invalid JSON: ${(err as Error).message}` };
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, reason: "the line is not a JSON object" };
  }
  const kindValue = (raw as Record<string, unknown>).kind;
  if (kindValue === undefined) return { ok: false, reason: "missing required key 'kind'" };
  if (typeof kindValue !== "string" || !KIND_SET.has(kindValue)) {
    return { ok: false, reason: `unknown kind ${JSON.stringify(kindValue)}` };
  }
  const kind = kindValue as TKind;
  const parsed = LINE_SCHEMAS[kind].safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `${kind}: ${describeError(raw, parsed.error)}`,
      kind,
      key: recordKey(kind, raw as Record<string, unknown>),
    };
  }
  const rec = normalizeRecord(kind, parsed.data as Record<string, unknown>);
  return { ok: true, kind, key: recordKey(kind, rec), rec };
}
