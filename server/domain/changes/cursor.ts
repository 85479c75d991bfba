import { validationError } from "~/server/lib/errors";

/**
 * A position in the change feed: the last change a client has read, as (transaction id, type rank,
 * row id). The client sees it as an opaque string (base64url of `v1.<xid>.<rank>.<id>`); the start
 * of the feed, before every change, is (0, 0, 0).
 */
export interface TFeedPosition {
  /** A transaction id (xid8), kept as text: it may exceed 2^53. */
  xid: string;
  rank: number;
  id: number;
}

export const FEED_START: TFeedPosition = { xid: "0", rank: 0, id: 0 };

const FORM = /^v1\.(0|[1-9]\d{0,18})\.([0-3])\.(0|[1-9]\d{0,9})$/;

export function encodeCursor(p: TFeedPosition): string {
  return Buffer.from(`v1.${p.xid}.${p.rank}.${p.id}`).toString("base64url");
}

/** The position a cursor names; a 400 for anything this service did not hand out. */
export function decodeCursor(cursor: string): TFeedPosition {
  const text = /^[A-Za-z0-9_-]{1,80}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("latin1") : "";
  const m = FORM.exec(text);
  const id = m ? Number(m[3]) : NaN;
  if (!m || id > 2_147_483_647 || BigInt(m[1]!) > 9_223_372_036_854_775_807n) {
    throw validationError("cursor", "is not a cursor of this feed (use next_cursor as it was given)");
  }
  return { xid: m[1]!, rank: Number(m[2]), id };
}

export const isStart = (p: TFeedPosition) => p.xid === "0" && p.rank === 0 && p.id === 0;
