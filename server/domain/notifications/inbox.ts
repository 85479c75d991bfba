import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import type { TNotificationKind } from "./kinds";

/**
 * An account's notifications: the bell's unread count, the paged list, marking read. Every read
 * and write names the account, so another account's id is simply not found.
 */

export interface TNotification {
  id: number;
  kind: TNotificationKind;
  title: string;
  body: string;
  url: string;
  created_at: string;
  read_at: string | null;
}

/** The bell counts up to this many; more shows as "99+". */
export const UNREAD_CAP = 100;

/** Unread notifications of the account, at most UNREAD_CAP (the partial index vm_notification_unread). */
export async function unreadCount(db: TDb, accountId: number): Promise<number> {
  const [r] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM notification WHERE account_id = ${accountId} AND read_at IS NULL LIMIT ${UNREAD_CAP}) u`;
  return r?.n ?? 0;
}

interface TRow {
  id: number;
  kind: TNotificationKind;
  title: string;
  body: string;
  url: string | null;
  created_at: Date;
  read_at: Date | null;
}

const shape = (r: TRow): TNotification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url ?? "/notifications",
  created_at: iso(r.created_at),
  read_at: r.read_at ? iso(r.read_at) : null,
});

/** Newest first; `unreadOnly` keeps the unread ones. Answers one more row than asked to tell a next page. */
export async function listNotifications(
  db: TDb,
  accountId: number,
  opts: { limit: number; offset: number; unreadOnly?: boolean },
): Promise<{ data: TNotification[]; has_more: boolean; unread: number }> {
  const rows = opts.unreadOnly
    ? await db.$queryRaw<TRow[]>`
        SELECT id, kind, title, body, url, created_at, read_at FROM notification
         WHERE account_id = ${accountId} AND read_at IS NULL
         ORDER BY created_at DESC, id DESC LIMIT ${opts.limit + 1} OFFSET ${opts.offset}`
    : await db.$queryRaw<TRow[]>`
        SELECT id, kind, title, body, url, created_at, read_at FROM notification
         WHERE account_id = ${accountId}
         ORDER BY created_at DESC, id DESC LIMIT ${opts.limit + 1} OFFSET ${opts.offset}`;
  return {
    data: rows.slice(0, opts.limit).map(shape),
    has_more: rows.length > opts.limit,
    unread: await unreadCount(db, accountId),
  };
}

/** Marks one of the account's notifications read (again: no change); not found when it is not theirs. */
export async function markRead(db: TDb, accountId: number, id: number): Promise<{ id: number; read_at: string }> {
  const rows = await db.$queryRaw<{ read_at: Date }[]>`
    UPDATE notification SET read_at = COALESCE(read_at, now()) WHERE id = ${id} AND account_id = ${accountId} RETURNING read_at`;
  if (!rows[0]) throw notFound("Notification");
  return { id, read_at: iso(rows[0].read_at) };
}

/** Marks every unread notification of the account read; answers how many. */
export async function markAllRead(db: TDb, accountId: number): Promise<{ marked: number }> {
  const marked = await db.$executeRaw`UPDATE notification SET read_at = now() WHERE account_id = ${accountId} AND read_at IS NULL`;
  return { marked };
}
