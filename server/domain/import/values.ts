import { z } from "zod";

/**
 * Value parsers shared by the line schemas: slugs, ISO 8601 datetimes (kept to the microsecond,
 * rewritten in one canonical UTC form so equal instants compare equal), calendar dates.
 */

const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
const TS_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const YMD_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `2024-05-01T10:00:00.123456Z` for any ISO 8601 date or datetime (no zone means UTC); null when invalid. */
export function canonicalTimestamp(value: string): string | null {
  const m = TS_RE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, hh = 0, mi = 0, ss = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as number[];
  if (!validDay(y!, mo!, d!) || hh! > 23 || mi! > 59 || ss! > 59) return null;
  let offsetMin = 0;
  const zone = m[8];
  if (zone && zone !== "Z" && zone !== "z") {
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || "0");
    if (oh > 23 || om > 59) return null;
    offsetMin = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Date.UTC(y!, mo! - 1, d!, hh, mi, ss) - offsetMin * 60_000;
  const date = new Date(ms);
  if (Number.isNaN(ms) || date.getUTCFullYear() < 1000 || date.getUTCFullYear() > 9999) return null;
  const frac = `${m[7] ?? ""}000000`.slice(0, 6);
  return `${date.toISOString().slice(0, 19)}.${frac}Z`;
}

export function isCalendarDate(value: string): boolean {
  const m = YMD_RE.exec(value);
  return !!m && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

export const zSlug = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(255, "is longer than 255 characters")
  .regex(SLUG_RE, "must be a slug (letters, digits, '-', '_', '.', '~')");

export const zNullSlug = zSlug.nullish().transform((v) => v ?? null);

export const zName = z.string().trim().min(1, "must not be empty");

export const zNullString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const zBool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

export const zTimestamp = z.string().transform((v, ctx) => {
  const c = canonicalTimestamp(v);
  if (c === null) {
    ctx.addIssue({ code: "custom", message: `'${v}' is not a valid ISO 8601 datetime` });
    return z.NEVER;
  }
  return c;
});

export const zNullTimestamp = zTimestamp.nullish().transform((v) => v ?? null);

export const zNullDate = z
  .string()
  .nullish()
  .refine((v) => v == null || isCalendarDate(v), { message: "is not a valid date (YYYY-MM-DD)" })
  .transform((v) => v ?? null);

export const zJsonObject = z.record(z.string(), z.unknown());

export const zNullJsonObject = zJsonObject.nullish().transform((v) => v ?? null);

export function zList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => (v ?? []) as z.output<T>[]);
}

/** Distinct values, first occurrence order. */
export function distinct<T>(values: T[], key: (v: T) => string = String): T[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
