import type { TDb } from "~/server/db/client";
import { APPLICATION_COLUMNS, CONNECTION_COLUMNS, type TApplicationRow, type TConnectionRow } from "./payloads";
import type { TInitStatus, TRadarError, TSource } from "./types";

/**
 * Where each of some applications of the account stands now, for the workspace's follow results:
 * still an application (`idle`, `pending`, `processing`, or `failed` with its error), a connection
 * (an application that succeeded becomes a connection with the same id), or `removed` (deleted
 * since). Ids of another account or source read as `removed`: nothing of theirs is shown.
 */

export type TFollowState =
  | { id: number; state: TInitStatus; error: TRadarError | null }
  | { id: number; state: "connected"; name: string | null; username: string | null }
  | { id: number; state: "removed" };

export async function followStatus(db: TDb, accountId: number, source: TSource, ids: number[]): Promise<TFollowState[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const [applications, connections] = await Promise.all([
    db.$queryRaw<TApplicationRow[]>`
      SELECT ${APPLICATION_COLUMNS} FROM radar_application a
       WHERE a.id = ANY(${wanted}::int[]) AND a.account_id = ${accountId} AND a.source = ${source}`,
    db.$queryRaw<TConnectionRow[]>`
      SELECT ${CONNECTION_COLUMNS} FROM radar_connection c
       WHERE c.id = ANY(${wanted}::int[]) AND c.account_id = ${accountId} AND c.source = ${source}`,
  ]);
  const apps = new Map(applications.map((a) => [a.id, a]));
  const conns = new Map(connections.map((c) => [c.id, c]));
  return wanted.map((id): TFollowState => {
    const a = apps.get(id);
    if (a) return { id, state: a.init_status, error: a.init_status === "failed" ? a.radar_error : null };
    const c = conns.get(id);
    if (c) return { id, state: "connected", name: c.name, username: c.username };
    return { id, state: "removed" };
  });
}
