import { z } from "zod";

/**
 * Value checks shared by the line schemas: slugs, ISO 8601 datetimes (kept to the microsecond,
 * rewritten in one canonical UTC form so that equal instants compare equal), calendar dates.
 * They are single `z.custom` checks (no transforms): validation runs once per line of files with
 * millions of lines, and defaults are filled in afterwards by plain code (schemas.ts).
 */

const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
const TS_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const YMD_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return false;
  return d <= 28 || d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
};
const num = (s: string, i: number, n: number) => {
  let v = 0;
  for (let k = 0; k < n; k++) v = v * 10 + digit(s, i + k);
  return v;
};

/**
 * `YYYY-MM-DDTHH:MM:SS.fffZ` or `.ffffffZ`: true when valid, false when that shape with an
 * impossible date, undefined when another shape (left to the general parser).
 */
function quickCheck(v: string): boolean | undefined {
  if (v[4] !== "-" || v[7] !== "-" || v[10] !== "T" || v[13] !== ":" || v[16] !== ":" || v[19] !== ".") return undefined;
  for (let i = 20; i < v.length - 1; i++) if (digit(v, i) < 0) return undefined;
  const y = num(v, 0, 4);
  const mo = num(v, 5, 2);
  const d = num(v, 8, 2);
  const h = num(v, 11, 2);
  const mi = num(v, 14, 2);
  const s = num(v, 17, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) return undefined;
  return validDay(y, mo, d) && h < 24 && mi < 60 && s < 60;
}

/** `2024-05-01T10:00:00.123456Z` for any ISO 8601 date or datetime (no zone means UTC); null when invalid. */
export function canonicalTimestamp(value: string): string | null {
  // The common forms, `Date#toISOString()` and the canonical one itself, without a regex.
  if ((value.length === 24 || value.length === 27) && value.charCodeAt(value.length - 1) === 90 /* Z */) {
    const fast = quickCheck(value);
    if (fast !== undefined) return fast ? (value.length === 27 ? value : `${value.slice(0, 23)}000Z`) : null;
  }
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

export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const m = YMD_RE.exec(value);
  return !!m && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= 255 && SLUG_RE.test(value);
}

export const zSlug = z.custom<string>(isSlug, {
  message: "must be a slug (letters, digits, '-', '_', '.', '~'; at most 255 characters)",
});

export const zTimestamp = z.custom<string>((v) => typeof v === "string" && canonicalTimestamp(v) !== null, {
  message: "is not a valid ISO 8601 datetime",
});

export const zDate = z.custom<string>(isCalendarDate, { message: "is not a valid date (YYYY-MM-DD)" });

export const zName = z.string().min(1, "must not be empty");

export const zJsonObject = z.record(z.string(), z.unknown());

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
