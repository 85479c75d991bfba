import type { z } from "zod";

/**
 * Whether a procedure's output already is what its zod schema would answer, checked without
 * building the copy that zod's parse builds.
 *
 * zod's parse of an output rebuilds every object and array of it (to strip unknown keys), which
 * on a page of cards cost about a tenth of a request's CPU, the check below a third of that
 * (docs/benchmarks.md). Most outputs are built field by field by a formatter and already conform:
 * for them the check answers true and the output is served as it is; any other answers false and
 * zod's parse does what it always does (strips, reorders, or throws its error). So the answer, and
 * its JSON text, are the same either way.
 *
 * "Conforms" is deliberately narrow: every key is one of the schema's, in the schema's order
 * (zod's output order, so the JSON text is byte for byte the same), none set to `undefined`,
 * every required key present, every value of its type, every object a plain one. The schema may
 * only use the types below; a schema with anything else (transforms, defaults, unions, records,
 * dates, coercion, refinements) has no check, and its outputs always go through zod. A number's
 * `.int()`, `.min()` and `.max()` are checked here; a primitive's other checks (a string format, a
 * length) by zod's parse of it. The check walks the schema, never deeper than it: a value under
 * `z.unknown()` is not looked into.
 */

type TCheck = (value: unknown) => boolean;
type TDef = z.core.$ZodTypeDef & Record<string, unknown>;

const defOf = (schema: unknown): TDef => (schema as { _zod: { def: TDef } })._zod.def;

const checks = new WeakMap<object, TCheck | null>();

/** The conformance check of `schema`, or undefined when it uses a type this check does not know. */
export function conformanceCheck(schema: z.ZodType): TCheck | undefined {
  return compile(schema) ?? undefined;
}

function compile(schema: unknown): TCheck | null {
  const known = checks.get(schema as object);
  if (known !== undefined) return known;
  // Schemas are trees in practice; the placeholder stops a recursive one (z.lazy is unknown anyway).
  checks.set(schema as object, null);
  const check = build(schema);
  checks.set(schema as object, check);
  return check;
}

/** A check's own definition (a `.min()` of a schema, or a schema that is itself a format: `z.int()`). */
type TCheckDef = { check?: string; format?: string; value?: unknown; inclusive?: boolean };

/** What zod's number checks below verify, without its parse: `.int()`, `.min()`, `.max()`, `.gt()`, `.lt()`. */
function numberConstraint(c: TCheckDef): TCheck | null {
  if (c.check === "number_format" && c.format === "safeint") return (v) => Number.isSafeInteger(v);
  if ((c.check === "greater_than" || c.check === "less_than") && typeof c.value === "number") {
    const bound = c.value;
    if (c.check === "greater_than") return c.inclusive ? (v) => (v as number) >= bound : (v) => (v as number) > bound;
    return c.inclusive ? (v) => (v as number) <= bound : (v) => (v as number) < bound;
  }
  return null;
}

function primitive(schema: unknown, is: TCheck): TCheck | null {
  const def = defOf(schema);
  if (def.coerce) return null;
  const constraints: TCheckDef[] = [...(def.check ? [def as TCheckDef] : []), ...(def.checks ?? []).map((c) => defOf(c) as TCheckDef)];
  if (constraints.length === 0) return is;
  const native = def.type === "number" ? constraints.map(numberConstraint) : [];
  if (native.length === constraints.length && native.every((c) => c !== null)) {
    const all = native as TCheck[];
    return (v) => {
      if (!is(v)) return false;
      for (const c of all) if (!c(v)) return false;
      return true;
    };
  }
  const zod = schema as z.ZodType;
  // Other checks are zod's own; one may rewrite the value (`.trim()`): only a parse that answers
  // the value itself conforms.
  return (v) => {
    if (!is(v)) return false;
    const parsed = zod.safeParse(v);
    return parsed.success && parsed.data === v;
  };
}

function build(schema: unknown): TCheck | null {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return primitive(schema, (v) => typeof v === "string");
    case "number":
      return primitive(schema, (v) => typeof v === "number" && Number.isFinite(v));
    case "boolean":
      return primitive(schema, (v) => typeof v === "boolean");
    case "null":
      return (v) => v === null;
    case "unknown":
    case "any":
      return (v) => v !== undefined;
    case "literal":
    case "enum": {
      // The values zod itself accepts (a numeric enum's reverse names are not among them).
      const values = (schema as { _zod: { values?: Set<unknown> } })._zod.values;
      return values ? (v) => v !== undefined && values.has(v) : null;
    }
    case "nullable": {
      const inner = compile(def.innerType);
      return inner && ((v) => v === null || inner(v));
    }
    case "optional":
      // Inside an object, an absent key is checked by the object; a key set to undefined falls back.
      return compile(def.innerType);
    case "array":
      return def.checks?.length ? null : arrayCheck(compile(def.element));
    case "object":
      return def.checks?.length ? null : objectCheck(def.shape as Record<string, unknown>);
    default:
      return null;
  }
}

function arrayCheck(element: TCheck | null): TCheck | null {
  if (!element) return null;
  return (v) => {
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
    return true;
  };
}

function objectCheck(shape: Record<string, unknown>): TCheck | null {
  const keys = Object.keys(shape);
  const fields: { key: string; optional: boolean; check: TCheck }[] = [];
  for (const key of keys) {
    const check = compile(shape[key]);
    if (!check) return null;
    fields.push({ key, optional: defOf(shape[key]).type === "optional", check });
  }
  const n = fields.length;
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    // zod answers a plain object: an instance of a class (a toJSON of its own) is copied by zod.
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    const record = v as Record<string, unknown>;
    // The object's keys, in order, against the schema's: a key the schema does not have, or one
    // out of the schema's order, and zod's parse decides. An absent key must be an optional one
    // and really absent (not inherited, not hidden from enumeration: zod would read it).
    let i = 0;
    for (const key in record) {
      while (i < n && fields[i]!.key !== key) {
        const absent = fields[i]!;
        if (!absent.optional || record[absent.key] !== undefined) return false;
        i++;
      }
      if (i === n || !fields[i]!.check(record[key])) return false;
      i++;
    }
    for (; i < n; i++) if (!fields[i]!.optional || record[fields[i]!.key] !== undefined) return false;
    return true;
  };
}
