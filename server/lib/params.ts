import { z } from "zod";

/**
 * Zod building blocks for REST parameters, in two forms with the same outputs:
 *
 * - query form (`zBool()`, `zInt()`, ...): a query string carries only text (or several texts when a
 *   key repeats), which is parsed: `"true"`, `"20"`, `"a,b"`. The browser workspace calls the same
 *   procedures through tRPC with typed values, which are accepted as they are.
 * - body form (`zBody.bool()`, ...): a JSON body carries typed values, which are checked, never
 *   coerced: `{"stages": 5}`, `{"limit": "20"}`, `{"trending": "yes"}` or `null` are a 400 naming
 *   the parameter, exactly as a bad query value is.
 *
 * Every helper is a preprocess pipe, so the REST adapter never applies its own (lossy) coercion.
 */

type TForm = "query" | "body";
type TCtx = z.RefinementCtx;

const fail = (ctx: TCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

/** One value of the expected kind, in either form. */
interface TScalar {
  /** "a boolean (true or false)": what the value must be, for messages. */
  what: string;
  /** A query string's text (not blank) to the value. */
  fromText: (s: string, ctx: TCtx) => unknown;
  /** Whether a typed value (JSON body, tRPC) has the right type; it is then taken as is, or through fromText for strings. */
  typed: (v: unknown) => boolean;
}

function scalar<T extends z.ZodType>(form: TForm, kind: TScalar, schema: T) {
  return z.preprocess((raw, ctx) => {
    let v = raw;
    if (form === "query" && Array.isArray(v)) {
      if (v.length !== 1) return fail(ctx, "must be given once");
      v = v[0];
    }
    if (v === undefined) return undefined;
    if (v === null) return form === "body" ? fail(ctx, `must be ${kind.what}, not null (leave it out instead)`) : undefined;
    if (typeof v === "string" && (form === "query" || kind.typed(v))) return v.trim() === "" ? undefined : kind.fromText(v.trim(), ctx);
    if (kind.typed(v)) return v;
    return fail(ctx, `must be ${kind.what}`);
  }, schema);
}

const isString = (v: unknown) => typeof v === "string";

const BOOL_TRUE = new Set(["true", "1", "yes"]);
const BOOL_FALSE = new Set(["false", "0", "no"]);
const BOOL: TScalar = {
  what: "a boolean (true or false)",
  fromText: (s, ctx) => {
    const t = s.toLowerCase();
    if (BOOL_TRUE.has(t)) return true;
    if (BOOL_FALSE.has(t)) return false;
    return fail(ctx, "must be a boolean (true, false, 1, 0, yes or no)");
  },
  typed: (v) => typeof v === "boolean",
};

const INT: TScalar = {
  what: "an integer",
  fromText: (s, ctx) => (/^[+-]?\d{1,15}$/.test(s) ? Number(s) : fail(ctx, "must be an integer")),
  typed: (v) => typeof v === "number" && Number.isSafeInteger(v),
};

const FLOAT: TScalar = {
  what: "a number",
  fromText: (s, ctx) => (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : fail(ctx, "must be a number")),
  typed: (v) => typeof v === "number" && Number.isFinite(v),
};

const DATE: TScalar = {
  what: "a date in the form YYYY-MM-DD",
  fromText: (s, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : undefined;
    return d && d.toISOString().slice(0, 10) === s ? d : fail(ctx, "must be a date in the form YYYY-MM-DD");
  },
  typed: (v) => isString(v) || v instanceof Date,
};

/** A calendar date as a Date at 00:00 UTC, or undefined when `y-m-d` is no such day. */
function calendarDay(y: string, m: string, d: string): Date | undefined {
  const day = new Date(Date.UTC(+y, +m - 1, +d));
  return day.toISOString().slice(0, 10) === `${y}-${m}-${d}` ? day : undefined;
}

const INSTANT_FORMS = "a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone (2026-11-20T09:30:00Z)";
const INSTANT_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

/**
 * An instant: a day (its 00:00 UTC) or a date-time that names its time zone (`Z` or an offset); a
 * date-time without one is refused rather than read in the server's zone. Calendar days are checked
 * (Date.parse would roll 2026-02-30 over into March).
 */
const INSTANT: TScalar = {
  what: INSTANT_FORMS,
  fromText: (s, ctx) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (day) return calendarDay(day[1]!, day[2]!, day[3]!) ?? fail(ctx, `must be ${INSTANT_FORMS}`);
    const t = INSTANT_TIME.exec(s);
    if (!t || !calendarDay(t[1]!, t[2]!, t[3]!)) return fail(ctx, `must be ${INSTANT_FORMS}`);
    const at = new Date(s.toUpperCase());
    return Number.isNaN(at.getTime()) ? fail(ctx, `must be ${INSTANT_FORMS}`) : at;
  },
  typed: (v) => isString(v) || v instanceof Date,
};

const TEXT: TScalar = { what: "a string", fromText: (s) => s, typed: isString };

function helpers(form: TForm) {
  const bool = () => scalar(form, BOOL, z.boolean().optional());

  const int = (opts: { min?: number; max?: number } = {}) =>
    scalar(
      form,
      INT,
      z
        .number()
        .int()
        .min(opts.min ?? Number.MIN_SAFE_INTEGER)
        .max(opts.max ?? Number.MAX_SAFE_INTEGER)
        .optional(),
    );

  /** Page size: below 1 is an error, above the endpoint's maximum is clamped (docs/api.md). */
  const limit = (max: number, def: number) =>
    scalar(form, INT, z.number().int().min(1, "must be at least 1").optional()).transform((v) =>
      v === undefined ? def : Math.min(v, max),
    );

  const offset = () => scalar(form, INT, z.number().int().min(0, "must be 0 or more").optional()).transform((v) => v ?? 0);

  /** A float in [min, max]. */
  const float = (min: number, max: number) =>
    scalar(form, FLOAT, z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`).optional());

  /** A strict calendar date YYYY-MM-DD, as a Date at 00:00 UTC. */
  const date = () => scalar(form, DATE, z.date().optional());

  /** An instant: a date (00:00 UTC) or an ISO 8601 date-time with its time zone, as a Date. */
  const instant = () => scalar(form, INSTANT, z.date().optional());

  /** A plain string, trimmed; blank means absent. */
  const text = (max = 500) => scalar(form, TEXT, z.string().max(max, `must be at most ${max} characters`).optional());

  /** One of the given values. */
  const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
    scalar(
      form,
      { ...TEXT, what: `one of: ${values.join(", ")}` },
      z.enum(values, { error: () => `must be one of: ${values.join(", ")}` }).optional(),
    );

  /**
   * A list: `a,b` in a query string (or the key repeated); in a body, an array of strings (or, with
   * `commaString`, also one comma-separated string). Items are trimmed and empty items dropped.
   */
  const list = (opts: { maxItems?: number; maxLength?: number; commaString?: boolean } = {}) =>
    z.preprocess(
      (v, ctx) => listItems(form, v, ctx, { what: "a list of strings", typed: isString, commaString: opts.commaString }),
      z
        .array(z.string().max(opts.maxLength ?? 200, `items must be at most ${opts.maxLength ?? 200} characters`))
        .max(opts.maxItems ?? 1000, `must have at most ${opts.maxItems ?? 1000} items`)
        .optional(),
    );

  /** A list of positive integer ids: `1,2` in a query string; an array of integers in a body. */
  const intList = (opts: { maxItems?: number } = {}) =>
    z.preprocess(
      (v, ctx) => {
        const items = listItems(form, v, ctx, { what: "a list of integers", typed: INT.typed, commaString: false });
        if (!Array.isArray(items)) return items; // absent, or z.NEVER after an issue
        return items.map((item) => (typeof item === "string" && /^\d{1,9}$/.test(item) ? Number(item) : item));
      },
      z
        .array(z.number({ error: "items must be positive integers" }).int().min(1, "items must be positive integers").max(2_147_483_647))
        .max(opts.maxItems ?? 1000, `must have at most ${opts.maxItems ?? 1000} items`)
        .optional(),
    );

  return { bool, int, limit, offset, float, date, instant, text, choice, list, intList };
}

/**
 * A list value's items, strings split on commas. Query form: text (repeated keys allowed), or an
 * array of typed items from tRPC. Body form: an array of typed items, or one comma-separated string
 * where `commaString` allows it.
 */
function listItems(
  form: TForm,
  v: unknown,
  ctx: TCtx,
  item: { what: string; typed: (x: unknown) => boolean; commaString?: boolean },
): unknown[] | undefined {
  if (v === undefined) return undefined;
  if (v === null) return form === "body" ? fail(ctx, `must be ${item.what}, not null (leave it out instead)`) : undefined;
  if (typeof v === "string" && v.trim() === "") return undefined;
  const raw = Array.isArray(v) ? v : typeof v === "string" && (form === "query" || item.commaString) ? [v] : undefined;
  if (!raw) return fail(ctx, `must be ${item.what}`);
  const out: unknown[] = [];
  for (const x of raw) {
    if (typeof x === "string" && (form === "query" || item.typed(x)))
      out.push(
        ...x
          .split(",")
          .map((p) => p.trim())
          .filter((p) => p.length > 0),
      );
    else if (item.typed(x)) out.push(x);
    else return fail(ctx, `must be ${item.what}`);
  }
  return out;
}

const query = helpers("query");

/** Helpers for JSON bodies: typed values only (see the top of this file). */
export const zBody = helpers("body");
export type TParamHelpers = typeof query;
export const zQuery: TParamHelpers = query;

export const {
  bool: zBool,
  int: zInt,
  limit: zLimit,
  offset: zOffset,
  float: zFloat,
  date: zDate,
  instant: zInstant,
  text: zText,
  choice: zChoice,
} = query;
export const { list: zList } = query;

/** A path parameter that must be a positive integer id; anything else is "not found" for the caller. */
export const zPathId = () =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a positive integer")
    .transform(Number);
