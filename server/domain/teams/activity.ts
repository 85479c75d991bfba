import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { iso } from "~/server/lib/format";

/** The team's activity log: what happened, who did it, newest first (owners and admins read it). */

export type TActivityKind =
  | "created"
  | "joined"
  | "left"
  | "removed"
  | "role_changed"
  | "invitation_made"
  | "invitation_used"
  | "invitation_revoked"
  | "shared"
  | "unshared"
  | "deleted";

export async function logActivity(
  db: TDb | Prisma.TransactionClient,
  teamId: number,
  actorId: number | null,
  kind: TActivityKind,
  detail: Record<string, string | number | null> = {},
): Promise<void> {
  await db.teamActivity.create({ data: { teamId, actorId, kind, detail } });
}

export interface TActivityEntry {
  id: number;
  kind: string;
  actor: { id: number; email: string } | null;
  detail: Record<string, unknown>;
  created_at: string;
}

export async function teamActivity(db: TDb, teamId: number, limit = 100): Promise<TActivityEntry[]> {
  const rows = await db.teamActivity.findMany({
    where: { teamId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { actor: { select: { id: true, email: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: r.actor,
    detail: (r.detail ?? {}) as Record<string, unknown>,
    created_at: iso(r.createdAt),
  }));
}
