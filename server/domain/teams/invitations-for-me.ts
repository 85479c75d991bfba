import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { takeInvitation } from "./invitations";
import type { TTeam } from "./teams";

/**
 * Invitations bound to the signed-in account's e-mail, which it can accept without the link: the
 * binding is the proof (the link's token is never stored, so a notification cannot carry it).
 * Another address's invitation answers not_found, as if it did not exist.
 */

export interface TInvitationForMe {
  id: number;
  team: { id: number; name: string };
  invited_by: { email: string; name: string | null } | null;
  created_at: string;
  expires_at: string;
}

const SHOWN = 20;

async function emailOf(db: TDb, accountId: number): Promise<string> {
  const a = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } });
  return a.email;
}

/** The open invitations for the account's address, newest first. */
export async function invitationsForMe(db: TDb, accountId: number): Promise<TInvitationForMe[]> {
  const rows = await db.teamInvitation.findMany({
    where: { email: await emailOf(db, accountId), usedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SHOWN,
    include: { team: { select: { id: true, name: true } }, createdBy: { select: { email: true, name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    team: r.team,
    invited_by: r.createdBy,
    created_at: iso(r.createdAt),
    expires_at: iso(r.expiresAt),
  }));
}

/** Accepts an invitation bound to the account's address by its id. */
export async function acceptInvitationForMe(db: TDb, accountId: number, invitationId: number): Promise<TTeam> {
  const inv = await db.teamInvitation.findFirst({ where: { id: invitationId, email: await emailOf(db, accountId) } });
  if (!inv) throw notFound("Invitation");
  return takeInvitation(db, accountId, inv);
}
