import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound } from "~/server/lib/errors";

/**
 * An account's team membership, read from the database on every call: nothing about a team is
 * kept in a session, a token or the token cache (server/auth/token-cache.ts), so a removal counts
 * from the next request on.
 */

import { managesTeam, TEAM_ROLES, type TTeamRole } from "./roles";

export interface TMembership {
  teamId: number;
  teamName: string;
  role: TTeamRole;
}

type TTx = TDb | Prisma.TransactionClient;

const asRole = (r: string): TTeamRole => (TEAM_ROLES.includes(r as TTeamRole) ? (r as TTeamRole) : "member");

export async function membershipOf(db: TTx, accountId: number): Promise<TMembership | null> {
  const rows = await db.$queryRaw<{ team_id: number; name: string; team_role: string }[]>`
    SELECT a.group_id AS team_id, g.name, a.team_role FROM account a JOIN account_group g ON g.id = a.group_id
    WHERE a.id = ${accountId}`;
  const r = rows[0];
  return r ? { teamId: r.team_id, teamName: r.name, role: asRole(r.team_role) } : null;
}

/** The caller's membership of team `teamId` (a 404 when they are not in it: another team's ids do not exist for them). */
export async function requireMembership(db: TTx, accountId: number, teamId?: number): Promise<TMembership> {
  const m = await membershipOf(db, accountId);
  if (!m || (teamId !== undefined && m.teamId !== teamId)) throw notFound("Team");
  return m;
}

/** Like requireMembership, and the caller must be an owner or admin (403 otherwise). */
export async function requireManager(db: TTx, accountId: number, teamId?: number): Promise<TMembership> {
  const m = await requireMembership(db, accountId, teamId);
  if (!managesTeam(m.role)) throw new AppError("permission_denied", "Only the team's owners and admins can do this.");
  return m;
}
