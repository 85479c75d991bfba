import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { AppError } from "~/server/lib/errors";
import { decodeCursor, encodeCursor, FEED_START, isStart, type TFeedPosition } from "./cursor";
import { changeData, type TChangeData } from "./items";
import { CHANGE_TYPES, type TChangeType } from "./types";

/**
 * GET /v1/changes/: the cards, participants and interactions written or deleted since a cursor, for
 * a client that keeps a copy in sync (docs/api.md, "Change feed").
 *
 * Every row carries the id of the transaction that last wrote it (vm_feed_xid, migration
 * *_change_feed); a deleted row leaves a tombstone with the deleting transaction's id. The feed is
 * ordered by (transaction id, type, row id) and serves only rows written by transactions older
 * than every transaction still running (the snapshot's xmin): all of those have ended, so no
 * change can later appear before a position already served, whatever the commit order of
 * concurrent writers. A long transaction holds the feed back (it never skips past it).
 *
 * An upsert carries the row as it is when the page is read (several writes to a row come as one
 * upsert at its last transaction); a row deleted in the meantime is left out, its tombstone comes
 * later. Tombstones are kept CHANGES_RETENTION_DAYS (prune.ts); a cursor older than the newest
 * pruned tombstone may have missed deletions and is refused with 410 cursor_expired: the client
 * reads everything again from the start (no cursor), which serves every live row first.
 */

/** The order of types inside one transaction, and the tombstones' type numbers. */
const RANK: Record<TChangeType, number> = { card: 1, participant: 2, interaction: 3 };
const TYPE_OF_RANK = new Map(CHANGE_TYPES.map((t) => [RANK[t], t]));
const TABLE: Record<TChangeType, Prisma.Sql> = {
  card: Prisma.raw("card"),
  participant: Prisma.raw("participant"),
  interaction: Prisma.raw("interaction"),
};
const MAX_ID = 2_147_483_647;

type TChange =
  | { type: TChangeType; id: number; change: "upsert"; data: TChangeData }
  | { type: TChangeType; id: number; change: "delete"; deleted_at: string };

export interface TChangePage {
  changes: TChange[];
  nextCursor: string;
  hasMore: boolean;
}

interface TFeedRow {
  xid: string;
  rank: number;
  id: number;
  deleted_at: string | null;
}

/** The live rows of one type after `from`, in feed order (row comparisons an index range serves). */
function liveAfter(type: TChangeType, from: TFeedPosition, take: number): Prisma.Sql {
  const rank = RANK[type];
  // Inside the cursor's own transaction: later types whole, the cursor's type after its row, earlier types none.
  const afterId = rank > from.rank ? 0 : rank === from.rank ? from.id : MAX_ID;
  return Prisma.sql`(SELECT t.vm_feed_xid AS xid, ${rank}::int AS rank, t.id, NULL::timestamptz AS deleted_at
      FROM ${TABLE[type]} t
     WHERE (t.vm_feed_xid, t.id) > (${from.xid}::bigint, ${afterId}::int) AND t.vm_feed_xid < (SELECT xmin FROM b)
     ORDER BY t.vm_feed_xid, t.id LIMIT ${take})`;
}

function pageSql(types: TChangeType[], from: TFeedPosition, take: number): Prisma.Sql {
  const ranks = types.map((t) => RANK[t]);
  const tombstones = Prisma.sql`(SELECT t.xid, t.type::int AS rank, t.id, t.deleted_at
      FROM vm_feed_tombstone t
     WHERE (t.xid, t.type, t.id) > (${from.xid}::bigint, ${from.rank}::smallint, ${from.id}::int)
       AND t.xid < (SELECT xmin FROM b) AND t.type = ANY(${ranks}::smallint[])
     ORDER BY t.xid, t.type, t.id LIMIT ${take})`;
  const parts = [...types.map((t) => liveAfter(t, from, take)), tombstones];
  return Prisma.sql`
    WITH b AS MATERIALIZED (
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin, (SELECT h.xid FROM vm_feed_horizon h) AS horizon)
    SELECT (SELECT horizon::text FROM b) AS horizon,
           (SELECT COALESCE(json_agg(json_build_object('xid', u.xid::text, 'rank', u.rank, 'id', u.id, 'deleted_at', u.deleted_at)
                                     ORDER BY u.xid, u.rank, u.id), '[]')
              FROM (SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) a ORDER BY a.xid, a.rank, a.id LIMIT ${take}) u) AS rows`;
}

/** One page of changes after `cursor` (the start without one), at most `limit`. */
export async function readChanges(
  db: TDb,
  accountId: number,
  q: { types: TChangeType[]; cursor?: string; limit: number },
): Promise<TChangePage> {
  const from = q.cursor ? decodeCursor(q.cursor) : FEED_START;
  const [row] = await db.$queryRaw<{ horizon: string | null; rows: TFeedRow[] }[]>(pageSql(q.types, from, q.limit + 1));
  const horizon = BigInt(row?.horizon ?? "0");
  if (!isStart(from) && horizon > 0n && BigInt(from.xid) <= horizon) {
    throw new AppError(
      "cursor_expired",
      "This cursor is older than the deletions the feed keeps: read the feed again from the start (without a cursor).",
    );
  }
  const rows = row?.rows ?? [];
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const data = await changeData(
    db,
    accountId,
    page.filter((r) => r.deleted_at === null).map((r) => ({ type: TYPE_OF_RANK.get(r.rank)!, id: r.id })),
  );
  const changes: TChange[] = [];
  for (const r of page) {
    const type = TYPE_OF_RANK.get(r.rank)!;
    if (r.deleted_at !== null) changes.push({ type, id: r.id, change: "delete", deleted_at: new Date(r.deleted_at).toISOString() });
    else {
      const item = data.get(`${type}:${r.id}`);
      if (item) changes.push({ type, id: r.id, change: "upsert", data: item });
    }
  }
  return {
    changes,
    nextCursor: encodeCursor(last ? { xid: last.xid, rank: last.rank, id: last.id } : from),
    hasMore: rows.length > q.limit,
  };
}
