import { createHash } from "node:crypto";
import { AppError } from "../lib/errors";

/**
 * The `cursor` of the MCP list tools (docs/mcp.md, "Large results"): opaque to the model, it is
 * base64url JSON `{v, o, l?, a, s}`. `o` is the offset of the next item, `l` the `limit` of the call
 * that answered it (reused when the next call gives none), `a` a hash of the tool's name and its
 * other arguments, and `s` a seal over all of them. A cursor whose seal does not match was garbled or
 * edited; one whose `a` differs from the call's own was answered for another tool or other
 * arguments. Either is a `validation_error` naming `cursor`. The seal detects accidents, not
 * forgery: a cursor only stands for an offset, which the paged tools also take as such.
 */

const VERSION = 1;
const MAX_CURSOR_CHARS = 512;
const MAX_OFFSET = 1_000_000_000;
const MAX_LIMIT = 1_000_000;

/**
 * Arguments that shape a page or its items but not the sequence of items being paged: a cursor
 * stays valid when they change.
 */
const PAGE_ARGS = new Set(["limit", "offset", "cursor", "fields", "response_format", "include_total", "view", "include_user_data"]);

/** The parameters a later call may change while it continues with a cursor (named in the error). */
const CHANGEABLE_WITH_CURSOR = ["limit", "fields", "response_format", "include_total", "view", "include_user_data"] as const;

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 16);
}

/** JSON with the keys of every object in sorted order, so that equal arguments hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The hash of a tool's name and the arguments that decide its sequence of items. */
export function argumentsHash(tool: string, args: Record<string, unknown>): string {
  const identity = Object.fromEntries(Object.entries(args).filter(([k]) => !PAGE_ARGS.has(k)));
  return digest(`${tool}\n${canonical(identity)}`);
}

const seal = (a: string, o: number, l: number | undefined) => digest(`vmon-mcp-cursor:${VERSION}:${a}:${o}:${l ?? ""}`);

export function encodeCursor(argsHash: string, offset: number, limit: number | undefined): string {
  const body = limit === undefined ? { v: VERSION, o: offset, a: argsHash } : { v: VERSION, o: offset, l: limit, a: argsHash };
  return Buffer.from(JSON.stringify({ ...body, s: seal(argsHash, offset, limit) })).toString("base64url");
}

function cursorError(reason: string): AppError {
  return new AppError("validation_error", `Invalid value for cursor: ${reason}.`, { details: { cursor: [reason] } });
}

const NOT_OURS =
  "is not a cursor this tool answered (malformed or altered): pass next_cursor exactly as it came, or leave cursor out to start from the first item";

const isInt = (v: unknown, min: number, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * The offset (and the earlier call's limit) a cursor stands for, for a call whose arguments hash
 * to `argsHash`; a validation error when it is not a cursor this tool answered for them.
 */
export function decodeCursor(cursor: unknown, argsHash: string): { offset: number; limit: number | undefined } {
  if (typeof cursor !== "string" || cursor === "") throw cursorError("must be the next_cursor string of an earlier call");
  if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw cursorError(NOT_OURS);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw cursorError(NOT_OURS);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw cursorError(NOT_OURS);
  const { v, o, l, a, s } = parsed as Record<string, unknown>;
  if (v !== VERSION || !isInt(o, 0, MAX_OFFSET) || typeof a !== "string" || typeof s !== "string") throw cursorError(NOT_OURS);
  if (l !== undefined && !isInt(l, 1, MAX_LIMIT)) throw cursorError(NOT_OURS);
  // Exactly the text this tool answers for these values: the seal matches, and nothing was added to the text.
  if (s !== seal(a, o, l) || encodeCursor(a, o, l) !== cursor) throw cursorError(NOT_OURS);
  if (a !== argsHash) {
    throw cursorError(
      `was answered for another tool or other arguments: repeat the arguments of the call that gave it (only ${CHANGEABLE_WITH_CURSOR.join(", ")} may change), or leave cursor out to start over`,
    );
  }
  return { offset: o, limit: l };
}

/** A `limit` argument as a number, for a cursor to carry (the raw-profile tools take it as text). */
export function limitOf(limit: unknown): number | undefined {
  const n = typeof limit === "string" && /^\d{1,7}$/.test(limit) ? Number(limit) : limit;
  return isInt(n, 1, MAX_LIMIT) ? n : undefined;
}
