import { searchTerms } from "./criteria";
import { parseProfileSort } from "./sort";
import {
  CLASSIFICATIONS,
  PATHS,
  PROFILE_LIMIT_DEFAULT,
  PROFILE_LIMIT_MAX,
  type TProfileFilters,
  type TProfileQuery,
  type TRawProfileQuery,
} from "./types";

/**
 * Lenient reading of the profile list parameters (spec, Raw data): an invalid sort falls back to
 * created_at:desc and every other invalid value is ignored, never a 400. What was ignored is
 * reported in meta.ignored. Decisions where the spec is silent:
 * - limit: a non-integer or a value below 1 gives the default (50); above 200 is clamped to 200.
 * - offset: a non-integer or a negative value gives 0; a huge one is capped (the page is empty).
 * - include_total: true/false/1/0/yes/no, anything else gives the default (true).
 * - classification, path: comma lists, case-insensitive; unknown values are dropped, and a list
 *   with no valid value is ignored as a whole.
 * - tags: comma list, exact values; at most 100 (the rest ignored), values over 200 characters dropped.
 * - search: whitespace-separated words (at most 10), each must occur; over 500 characters is cut.
 * - created_at: YYYY-MM-DD (00:00 UTC) or an ISO 8601 datetime (no zone means UTC).
 * NUL characters (which no database text can hold) are removed from every value first.
 */

const MAX_OFFSET = 2_147_483_647;
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 200;
const MAX_SEARCH_LENGTH = 500;
const MAX_STATUS_LENGTH = 200;

const clean = (v: string | undefined) => (v === undefined ? undefined : v.replace(/\u0000/g, "").trim() || undefined);

const commaList = (v: string) => [
  ...new Set(
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

// A Map: a parameter's text is never looked up on an object's prototype ("constructor", "__proto__").
const BOOL = new Map<string, boolean>([
  ["true", true],
  ["1", true],
  ["yes", true],
  ["false", false],
  ["0", false],
  ["no", false],
]);

function parseInteger(v: string): number | undefined {
  return /^[+]?\d+$/.test(v) ? Number(v.replace(/^\+/, "").slice(0, 16)) : undefined;
}

const TS_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|\s\d{2}(?::?\d{2})?)?)?$/i;

/**
 * `2024-05-01T10:00:00.123456Z` for an ISO 8601 date or datetime, or undefined. A `+` of the zone
 * that a query string turned into a space (`10:00:00 02:00`) is read as `+`.
 */
function parseCreatedAt(value: string): string | undefined {
  const m = TS_RE.exec(value);
  if (!m) return undefined;
  const [y, mo, d, hh, mi, ss] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return undefined;
  if (hh > 23 || mi > 59 || ss > 59) return undefined;
  let offsetMin = 0;
  const zone = m[8]?.toUpperCase();
  if (zone && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || "0");
    if (oh > 23 || om > 59) return undefined;
    offsetMin = sign * (oh * 60 + om);
  }
  const date = new Date(Date.UTC(y, mo - 1, d, hh, mi, ss) - offsetMin * 60_000);
  if (date.getUTCFullYear() < 1000 || date.getUTCFullYear() > 9999) return undefined;
  return `${date.toISOString().slice(0, 19)}.${`${m[7] ?? ""}000000`.slice(0, 6)}Z`;
}

function enumList(value: string, allowed: readonly string[]): string[] | undefined {
  const valid = commaList(value.toLowerCase()).filter((v) => allowed.includes(v));
  return valid.length > 0 ? valid : undefined;
}

type TKeep = <T>(name: string, value: string | undefined, parse: (s: string) => T | undefined) => T | undefined;

/** `keep(name, value, parse)`: the parsed value; an unparsable one is recorded in `ignored`. */
const keeper =
  (ignored: string[]): TKeep =>
  (name, value, parse) => {
    if (value === undefined) return undefined;
    const parsed = parse(value);
    if (parsed === undefined) ignored.push(name);
    return parsed;
  };

/** limit, offset and include_total, leniently (the rules at the top of this file). */
export function parsePage(
  raw: { limit?: unknown; offset?: unknown; include_total?: unknown },
  ignored: string[] = [],
): { limit: number; offset: number; includeTotal: boolean } {
  const keep = keeper(ignored);
  const text = (x: unknown) => clean(typeof x === "string" ? x : undefined);
  const limit = keep("limit", text(raw.limit), (s) => {
    const n = parseInteger(s);
    return n !== undefined && n >= 1 ? Math.min(n, PROFILE_LIMIT_MAX) : undefined;
  });
  const offset = keep("offset", text(raw.offset), (s) => {
    const n = parseInteger(s);
    return n === undefined ? undefined : Math.min(n, MAX_OFFSET);
  });
  const includeTotal = keep("include_total", text(raw.include_total), (s) => BOOL.get(s.toLowerCase()));
  return { limit: limit ?? PROFILE_LIMIT_DEFAULT, offset: offset ?? 0, includeTotal: includeTotal ?? true };
}

/** The parameters of GET /network_a/profiles/; any other is ignored (and reported in meta.ignored). */
export const PROFILE_PARAMS = [
  "limit",
  "offset",
  "include_total",
  "search",
  "sort",
  "classification",
  "path",
  "status",
  "tags",
  "collection",
  "created_at",
] as const satisfies readonly (keyof TRawProfileQuery)[];

const KNOWN = new Set<string>(PROFILE_PARAMS);
const MAX_REPORTED_UNKNOWN = 20;

/** `raw`: the request's parameters; known ones as strings (a repeated key joined with commas). */
export function parseProfileQuery(raw: Record<string, unknown>): TProfileQuery {
  const unknown = Object.keys(raw).filter((k) => !KNOWN.has(k));
  const ignored: string[] = unknown.slice(0, MAX_REPORTED_UNKNOWN).map((k) => k.slice(0, 100));
  const v: TRawProfileQuery = {};
  for (const k of PROFILE_PARAMS) v[k] = clean(typeof raw[k] === "string" ? raw[k] : undefined);
  const keep = keeper(ignored);

  const page = parsePage(v, ignored);

  const filters: TProfileFilters = {};
  const search = keep("search", v.search, (s) => {
    const terms = searchTerms(s.slice(0, MAX_SEARCH_LENGTH));
    return terms.length > 0 ? terms : undefined;
  });
  if (search) filters.search = search;
  const classification = keep("classification", v.classification, (s) => enumList(s, CLASSIFICATIONS));
  if (classification) filters.classification = classification;
  const path = keep("path", v.path, (s) => enumList(s, PATHS));
  if (path) filters.path = path;
  const tags = keep("tags", v.tags, (s) => {
    const list = commaList(s)
      .filter((t) => t.length <= MAX_TAG_LENGTH)
      .slice(0, MAX_TAGS);
    return list.length > 0 ? list : undefined;
  });
  if (tags) filters.tags = tags;
  const createdAt = keep("created_at", v.created_at, parseCreatedAt);
  if (createdAt) filters.createdAt = createdAt;

  const collections = v.collection ? commaList(v.collection) : [];
  // The spec: status is ignored when a collection is given.
  if (v.status !== undefined && collections.length > 0) ignored.push("status");
  else {
    const status = keep("status", v.status, (s) => (s.length <= MAX_STATUS_LENGTH ? s.toLowerCase() : undefined));
    if (status) filters.status = status;
  }

  const { sort, valid } = parseProfileSort(v.sort);
  if (!valid) ignored.push("sort");

  return { ...page, filters, collections, sort, ignored };
}
