import { AppError } from "../lib/errors";
import { argumentsHash, decodeCursor, encodeCursor, limitOf } from "./cursor";
import { renderMarkdown } from "./markdown";

/**
 * The list tools' arguments and results beyond their operation's (docs/mcp.md, "Large results"):
 * `cursor` continues a list where the previous call stopped, `fields` keeps only some top-level
 * fields of each item, `response_format` picks JSON or markdown text, and a result never takes more
 * than `resultCap.chars` characters: a page that would is cut to the largest prefix of its items
 * that fits, and `next_cursor` continues right after the last item returned.
 */

type TArgs = Record<string, unknown>;

/** How a list tool pages: its operation's own paging, or the whole list paged here. */
export interface TListSpec {
  /**
   * `offset`: the operation answers one page (`limit`, `offset`, `pagination`); `all`: it answers
   * the whole list, of which the tool answers `limit` items from the cursor's offset.
   */
  paging: "offset" | "all";
  /** The operation selects `fields` itself (the card lists, which validate the names); else the tool does. */
  ownFields: boolean;
  /** An item's top-level fields, which `fields` may name; undefined when the arguments name no known list. */
  itemFields(args: TArgs): readonly string[] | undefined;
  /** The fields an item's markdown line shows after its name (default: all of them). */
  lineFields?: readonly string[];
}

type TResponseFormat = "json" | "markdown";

/** A list tool's call, its paging arguments read: what goes to the procedure and how to shape its answer. */
interface TPageRequest {
  /** The arguments for the tool's procedure (without `cursor` and `response_format`; with the cursor's offset). */
  args: TArgs;
  /** Where the answer starts, for a list paged here (`all`). */
  offset: number;
  /** The items per page: the `limit` given or the cursor's (undefined: the operation's default, or the whole list). */
  limit: number | undefined;
  /** The fields the tool keeps of each item (undefined: all, or the operation selects them). */
  fields: string[] | undefined;
  format: TResponseFormat;
  argsHash: string;
}

/** A list tool's result: the structured value, its JSON text, and the text content (that JSON, or markdown). */
interface TPageResult {
  output: Record<string, unknown>;
  json: string;
  text: string;
}

/**
 * The size cap of a list tool's result, in characters of its JSON text (and of its markdown text):
 * a setting, so that tests can show cutting on a few items.
 */
export const resultCap = { chars: 25_000 };

/** The largest `limit` of a list paged here (its default is the whole list, within the cap). */
export const MAX_LIST_LIMIT = 1000;
const MAX_FIELDS = 50;

/** The fields an item too large for the cap keeps on its own, those of them it has. */
const IDENTITY_FIELDS = ["id", "slug", "name", "username", "key"] as const;
const IDENTITY_TEXT_CHARS = 200;

function invalid(param: string, reason: string): AppError {
  return new AppError("validation_error", `Invalid value for ${param}: ${reason}.`, { details: { [param]: [reason] } });
}

function readFormat(value: unknown): TResponseFormat {
  if (value === undefined || value === "json") return "json";
  if (value === "markdown") return "markdown";
  throw invalid("response_format", "must be one of: json, markdown");
}

/** `fields` for a tool that selects them itself: a list of names (or a comma-separated string), each an item field. */
function readFields(value: unknown, allowed: readonly string[] | undefined): string[] | undefined {
  const names = typeof value === "string" ? value.split(",").map((s) => s.trim()) : value;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== "string" || n === "")) {
    throw invalid("fields", "must be a non-empty list of field names");
  }
  if (names.length > MAX_FIELDS) throw invalid("fields", `must name at most ${MAX_FIELDS} fields`);
  if (!allowed) return undefined;
  const unknown = (names as string[]).filter((n) => !allowed.includes(n));
  if (unknown.length > 0) {
    throw invalid("fields", `unknown field(s): ${unknown.map((u) => u.slice(0, 40)).join(", ")}; fields are ${allowed.join(", ")}`);
  }
  return [...new Set(names as string[])];
}

function readListLimit(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value)) throw invalid("limit", "must be an integer");
  if ((value as number) < 1) throw invalid("limit", "must be at least 1");
  if ((value as number) > MAX_LIST_LIMIT) throw invalid("limit", `must be at most ${MAX_LIST_LIMIT}`);
  return value as number;
}

/** Reads a list tool's paging arguments (a validation error when one is wrong) and the arguments left for its procedure. */
export function preparePage(tool: string, spec: TListSpec, input: TArgs): TPageRequest {
  const { cursor, response_format: format, ...args } = input;
  const request: TPageRequest = { args, offset: 0, limit: undefined, fields: undefined, format: readFormat(format), argsHash: "" };
  if (!spec.ownFields && args.fields !== undefined) {
    request.fields = readFields(args.fields, spec.itemFields(args));
    delete args.fields;
  }
  request.argsHash = argumentsHash(tool, args);
  if (spec.paging === "all") {
    request.limit = readListLimit(args.limit);
    delete args.limit;
  } else {
    request.limit = limitOf(args.limit);
  }
  // A null cursor, as a client may send for the first page, is no cursor.
  if (cursor !== undefined && cursor !== null) {
    if (args.offset !== undefined) throw invalid("cursor", "give cursor or offset, not both");
    const resumed = decodeCursor(cursor, request.argsHash);
    request.offset = resumed.offset;
    if (request.limit === undefined && resumed.limit !== undefined) {
      request.limit = resumed.limit;
      if (spec.paging === "offset") args.limit = resumed.limit;
    }
    if (spec.paging === "offset") args.offset = resumed.offset;
  }
  return request;
}

function project(item: unknown, keep: ReadonlySet<string>): unknown {
  if (!item || typeof item !== "object") return item;
  return Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k)));
}

/** An item too large for the cap on its own: its identity fields, their text shortened. */
function identityOf(item: unknown): { item: Record<string, unknown>; kept: string[] } {
  const out: Record<string, unknown> = {};
  const source = item && typeof item === "object" ? (item as Record<string, unknown>) : {};
  for (const key of IDENTITY_FIELDS) {
    const value = source[key];
    if (value === undefined || (value !== null && typeof value === "object")) continue;
    out[key] = typeof value === "string" && value.length > IDENTITY_TEXT_CHARS ? `${value.slice(0, IDENTITY_TEXT_CHARS)}…` : value;
  }
  return { item: out, kept: Object.keys(out) };
}

interface TPage {
  body: Record<string, unknown>;
  /** The items the operation (or the slice of the whole list) answered, fields already selected. */
  items: unknown[];
  /** The position of the first item in the whole list. */
  start: number;
  /** The whole list's size, when known. */
  total: number | null;
  /** Whether items follow the page. */
  more: boolean;
}

function pageOf(spec: TListSpec, request: TPageRequest, body: Record<string, unknown>): TPage | undefined {
  if (!Array.isArray(body.data)) return undefined;
  const all = body.data as unknown[];
  if (spec.paging === "all") {
    const end = request.limit === undefined ? all.length : request.offset + request.limit;
    const items = all.slice(request.offset, end);
    return { body, items, start: Math.min(request.offset, all.length), total: all.length, more: end < all.length };
  }
  const p = (body.pagination ?? {}) as { offset?: unknown; total?: unknown; has_next?: unknown };
  const start = typeof p.offset === "number" ? p.offset : request.offset;
  return { body, items: all, start, total: typeof p.total === "number" ? p.total : null, more: p.has_next === true };
}

/**
 * The result of a list tool from its procedure's answer: the page (for a list paged here, its
 * slice), each item with the fields asked for, `next_cursor`, and when the result would pass the
 * cap, the largest prefix of the items that fits with `truncated` and `note`; `pagination.has_next`
 * is then true, since the page's other items follow. A first item that alone passes the cap is
 * answered with its identity fields only, so every call moves on by one item at least.
 */
export function shapePage(tool: string, spec: TListSpec, request: TPageRequest, output: Record<string, unknown>): TPageResult {
  const page = pageOf(spec, request, output);
  if (!page) {
    const json = JSON.stringify(output);
    return { output, json, text: json };
  }
  if (request.fields) {
    const keep = new Set(request.fields);
    page.items = page.items.map((item) => project(item, keep));
  }
  const cap = resultCap.chars;
  const n = page.items.length;
  // `data` stands for the page's first data.length items (one cut down, or all of them); the list continues after them.
  const build = (data: unknown[], note: string | undefined): TPageResult => {
    const cut = note !== undefined;
    const left = data.length < n;
    const next = left || page.more ? page.start + data.length : null;
    const result: Record<string, unknown> = { ...page.body, data };
    if (left && result.pagination && typeof result.pagination === "object") result.pagination = { ...result.pagination, has_next: true };
    result.next_cursor = next === null ? null : encodeCursor(request.argsHash, next, request.limit);
    if (cut) Object.assign(result, { truncated: true, note });
    const json = JSON.stringify(result);
    if (request.format === "json") return { output: result, json, text: json };
    const text = renderMarkdown({
      tool,
      items: data,
      start: page.start,
      total: page.total,
      nextCursor: result.next_cursor as string | null,
      note,
      lineFields: request.fields ?? spec.lineFields,
    });
    return { output: result, json, text };
  };
  const fits = (r: TPageResult) => r.json.length <= cap && r.text.length <= cap;
  const capText = `Cut to fit the ${cap.toLocaleString("en-US")}-character result cap`;

  const whole = build(page.items, undefined);
  if (fits(whole) || n === 0) return whole;
  // The largest prefix that fits, by bisection: a result grows with its items.
  let best: TPageResult | undefined;
  let lo = 1;
  let hi = n - 1;
  while (lo <= hi) {
    const k = (lo + hi) >> 1;
    const r = build(page.items.slice(0, k), `${capText}: ${k} of ${n} items; continue with next_cursor.`);
    if (fits(r)) {
      best = r;
      lo = k + 1;
    } else {
      hi = k - 1;
    }
  }
  if (best) return best;
  const { item, kept } = identityOf(page.items[0]);
  const shown = kept.length > 0 ? `only its ${kept.join(", ")}` : "none of its fields";
  const then = n > 1 || page.more ? "; continue with next_cursor." : ".";
  return build(
    [item],
    `${capText}: the first item alone is larger, so ${shown} ${kept.length === 1 ? "is" : "are"} shown (ask for fewer fields, or read it with its own tool)${then}`,
  );
}
