import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { iso } from "~/server/lib/format";

/**
 * The team's activity log: what happened, who did it, newest first (owners and admins read it).
 * Every entry belongs to one team (the actor's, or the shared thing's): another team never reads
 * it. Entries about a card (a comment posted on it, a card added to or removed from a shared
 * folder) name the card by id, slug and name as they were, so the log links to it.
 */

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
  | "deleted"
  | "commented"
  | "card_added"
  | "card_removed";

export async function logActivity(
  db: TDb | Prisma.TransactionClient,
  teamId: number,
  actorId: number | null,
  kind: TActivityKind,
  detail: Record<string, string | number | null> = {},
): Promise<void> {
  await db.teamActivity.create({ data: { teamId, actorId, kind, detail } });
}

/**
 * One entry per card of `cardIds` (in one statement), each naming its card (`card_id`, `card_slug`,
 * `card_name`) besides `detail`.
 */
export async function logCardActivity(
  db: TDb | Prisma.TransactionClient,
  teamId: number,
  actorId: number,
  kind: Extract<TActivityKind, "commented" | "card_added" | "card_removed">,
  cardIds: number[],
  detail: Record<string, string | number>,
): Promise<void> {
  if (cardIds.length === 0) return;
  await db.$executeRaw`
    INSERT INTO team_activity (team_id, actor_id, kind, detail)
    SELECT ${teamId}, ${actorId}, ${kind},
           jsonb_build_object('card_id', c.id, 'card_slug', c.slug, 'card_name', c.name) || ${JSON.stringify(detail)}::jsonb
      FROM unnest(${cardIds}::int[]) WITH ORDINALITY AS x(id, n) JOIN card c ON c.id = x.id
     ORDER BY x.n`;
}

/** A deleted comment's entry keeps who commented on which card, without its words. */
export async function forgetCommentExcerpt(db: TDb | Prisma.TransactionClient, teamId: number, commentId: number): Promise<void> {
  await db.$executeRaw`
    UPDATE team_activity SET detail = (detail - 'excerpt') || '{"comment_deleted": true}'::jsonb
     WHERE team_id = ${teamId} AND kind = 'commented' AND detail ->> 'comment_id' = ${String(commentId)}`;
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
