import { z } from "zod";

/**
 * Zod building blocks for REST parameters. Query strings carry only strings (or arrays of strings
 * when a key repeats); JSON bodies carry real types. Each helper accepts both forms, rejects
 * everything else with a message that names the problem, and is a preprocess pipe so the REST
 * adapter never applies its own (lossy) coercion to it.
 */

const single = (v: unknown) => (Array.isArray(v) && v.length === 1 ? v[0] : v);

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function pipe<T extends z.ZodType>(fn: (v: unknown, ctx: z.RefinementCtx) => unknown, schema: T) {
  return z.preprocess((v, ctx) => {
    const value = single(v);
    if (Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "must be given once" });
      return z.NEVER;
    }
    return isBlank(value) ? undefined : fn(value, ctx);
  }, schema);
}

const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

const BOOL_TRUE = new Set(["true", "1", "yes"]);
const BOOL_FALSE = new Set(["false", "0", "no"]);

/** true/false/1/0/yes/no in any case, or a JSON boolean. */
export const zBool = () =>
  pipe((v, ctx) => {
    if (typeof v === "boolean") return v;
    const s = String(v).trim().toLowerCase();
    if (BOOL_TRUE.has(s)) return true;
    if (BOOL_FALSE.has(s)) return false;
    return fail(ctx, "must be a boolean (true, false, 1, 0, yes or no)");
  }, z.boolean().optional());

function toInteger(v: unknown, ctx: z.RefinementCtx): number {
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  if (typeof v === "string" && /^[+-]?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return fail(ctx, "must be an integer");
}

/** An optional integer with bounds. */
export const zInt = (opts: { min?: number; max?: number } = {}) =>
  pipe(toInteger, z.number().int().min(opts.min ?? Number.MIN_SAFE_INTEGER).max(opts.max ?? Number.MAX_SAFE_INTEGER).optional());

/** Page size: below 1 is an error, above the endpoint's maximum is clamped (DESIGN.md §2). */
export const zLimit = (max: number, def: number) =>
  pipe(
    (v, ctx) => {
      const n = toInteger(v, ctx);
      return typeof n === "number" ? Math.min(n, max) : n;
    },
    z.number().int().min(1, "must be at least 1").optional(),
  ).transform((v) => v ?? def);

export const zOffset = () =>
  pipe(toInteger, z.number().int().min(0, "must be 0 or more").optional()).transform((v) => v ?? 0);

/** A float in [min, max]. */
export const zFloat = (min: number, max: number) =>
  pipe((v, ctx) => {
    if (typeof v === "number" && Number.isFinite(v)) return v;
    if (typeof v === "string" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim())) return Number(v.trim());
    return fail(ctx, "must be a number");
  }, z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`).optional());

/** A strict calendar date YYYY-MM-DD, as a Date at 00:00 UTC. */
export const zDate = () =>
  pipe((v, ctx) => {
    const s = String(v).trim();
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : undefined;
    if (!d || d.toISOString().slice(0, 10) !== s) return fail(ctx, "must be a date in the form YYYY-MM-DD");
    return d;
  }, z.date().optional());

/** A plain string, trimmed; blank means absent. */
export const zText = (max = 500) =>
  pipe((v, ctx) => (typeof v === "string" ? v.trim() : fail(ctx, "must be a string")), z.string().max(max, `must be at most ${max} characters`).optional());

/** One of the given values. */
export const zChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  pipe(
    (v, ctx) => (typeof v === "string" ? v.trim() : fail(ctx, "must be a string")),
    z.enum(values, { error: () => `must be one of: ${values.join(", ")}` }).optional(),
  );

/**
 * A list: `a,b` in a query string (or the key repeated), an array (or a comma string) in a body.
 * Items are trimmed and empty items dropped.
 */
export const zList = (opts: { maxItems?: number; maxLength?: number } = {}) =>
  z.preprocess(
    (v, ctx) => {
      if (isBlank(v)) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((item) => {
        if (typeof item === "number") return [String(item)];
        if (typeof item !== "string") {
          ctx.addIssue({ code: "custom", message: "must be a list of strings" });
          return [];
        }
        return item.split(",");
      });
      return parts.map((p) => p.trim()).filter((p) => p.length > 0);
    },
    z
      .array(z.string().max(opts.maxLength ?? 200, `items must be at most ${opts.maxLength ?? 200} characters`))
      .max(opts.maxItems ?? 1000, `must have at most ${opts.maxItems ?? 1000} items`)
      .optional(),
  );

/** A list of integers (ids). */
export const zIntList = (opts: { maxItems?: number } = {}) =>
  zList({ maxItems: opts.maxItems, maxLength: 20 }).pipe(
    z
      .array(z.string().regex(/^\d{1,9}$/, "items must be positive integers").transform(Number))
      .optional(),
  );

/** A path parameter that must be a positive integer id; anything else is "not found" for the caller. */
export const zPathId = () => z.string().regex(/^\d{1,9}$/, "must be a positive integer").transform(Number);
