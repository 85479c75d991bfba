import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { logActivity } from "./activity";
import { membershipOf, requireManager, requireMembership } from "./membership";
import { TEAM_ROLES, type TTeamRole } from "./roles";
import { teamName } from "./team-name";

/**
 * Teams (DESIGN section 16): the account group of section 3 with a name, members and roles. An
 * account is in at most one team (account.group_id); the group's limit override still applies to
 * every member. Owners and admins change roles and remove members; only owners make or unmake
 * owners; the last owner can neither leave nor be demoted or removed. Staff and the command line
 * act without a membership (`actorId` null).
 */

type TTx = Prisma.TransactionClient;

interface TTeamMember {
  id: number;
  email: string;
  name: string | null;
  role: TTeamRole;
}

export interface TTeam {
  id: number;
  name: string;
  created_at: string;
  members: TTeamMember[];
}

const ROLE_ORDER: Record<string, number> = { owner: 0, admin: 1, member: 2 };

export async function teamById(db: TDb, teamId: number): Promise<TTeam> {
  const g = await db.group.findUnique({
    where: { id: teamId },
    include: { accounts: { select: { id: true, email: true, name: true, teamRole: true } } },
  });
  if (!g) throw notFound("Team");
  const members = g.accounts
    .map((a) => ({ id: a.id, email: a.email, name: a.name, role: a.teamRole as TTeamRole }))
    .sort((a, b) => (ROLE_ORDER[a.role] ?? 3) - (ROLE_ORDER[b.role] ?? 3) || a.email.localeCompare(b.email));
  return { id: g.id, name: g.name, created_at: iso(g.createdAt), members };
}

/** The caller's team with their role (404 when they are in none). */
export async function myTeam(db: TDb, accountId: number): Promise<{ team: TTeam; role: TTeamRole }> {
  const m = await requireMembership(db, accountId);
  return { team: await teamById(db, m.teamId), role: m.role };
}

export async function listTeams(db: TDb): Promise<(Omit<TTeam, "members"> & { members_count: number })[]> {
  const rows = await db.group.findMany({ orderBy: { id: "asc" }, include: { _count: { select: { accounts: true } } } });
  return rows.map((g) => ({ id: g.id, name: g.name, created_at: iso(g.createdAt), members_count: g._count.accounts }));
}

async function lockTeam(tx: TTx, teamId: number): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM account_group WHERE id = ${teamId} FOR UPDATE`;
  if (rows.length === 0) throw notFound("Team");
}

async function assertTeamless(tx: TTx | TDb, accountId: number): Promise<void> {
  const m = await membershipOf(tx, accountId);
  if (m) throw new AppError("conflict", "This account is already in a team; an account can be in one team only.");
}

/**
 * A new team with `ownerId` as its owner (the workspace: the caller; the command line: --owner).
 * Another team may have the same name (team-name.ts): nothing here tells whether one does.
 */
export async function createTeam(db: TDb, ownerId: number, name: string): Promise<TTeam> {
  const n = teamName(name);
  const id = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM account WHERE id = ${ownerId} FOR UPDATE`;
    await assertTeamless(tx, ownerId);
    const g = await tx.group.create({ data: { name: n } });
    await tx.account.update({ where: { id: ownerId }, data: { groupId: g.id, teamRole: "owner" } });
    await logActivity(tx, g.id, ownerId, "created", { name: n });
    return g.id;
  });
  return teamById(db, id);
}

/** Puts `accountId` in the team (the command line, and an accepted invitation through joinTeam). */
export async function joinTeam(tx: TTx, teamId: number, accountId: number, role: TTeamRole, actorId: number | null): Promise<void> {
  await tx.$queryRaw`SELECT id FROM account WHERE id = ${accountId} FOR UPDATE`;
  await assertTeamless(tx, accountId);
  await tx.account.update({ where: { id: accountId }, data: { groupId: teamId, teamRole: role } });
  await logActivity(tx, teamId, actorId ?? accountId, "joined", { account_id: accountId, role });
}

/** Puts an account that is in no team into team `teamId` with `role` (staff, the command line, the demo data). */
export async function joinTeamAs(db: TDb, teamId: number, accountId: number, role: TTeamRole): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await joinTeam(tx, teamId, accountId, role, null);
  });
}

/** Staff or the command line: adds an existing account to a team. */
export async function addMember(db: TDb, teamId: number, accountId: number, role: TTeamRole = "member"): Promise<TTeam> {
  if (!TEAM_ROLES.includes(role)) throw validationError("role", `must be one of ${TEAM_ROLES.join(", ")}`);
  await joinTeamAs(db, teamId, accountId, role);
  return teamById(db, teamId);
}

async function ownersCount(tx: TTx, teamId: number): Promise<number> {
  return tx.account.count({ where: { groupId: teamId, teamRole: "owner" } });
}

async function memberRole(tx: TTx, teamId: number, accountId: number): Promise<TTeamRole> {
  const a = await tx.account.findFirst({ where: { id: accountId, groupId: teamId }, select: { teamRole: true } });
  if (!a) throw notFound("Member");
  return a.teamRole as TTeamRole;
}

/** Checks that `actorId` (null: staff or the command line) may manage `targetRole` members of the team. */
async function assertMayManage(tx: TTx, teamId: number, actorId: number | null, roles: TTeamRole[]): Promise<void> {
  if (actorId === null) return;
  const m = await requireManager(tx, actorId, teamId);
  if (roles.includes("owner") && m.role !== "owner") throw new AppError("permission_denied", "Only the team's owners can change an owner.");
}

/**
 * Removes a member (owners and admins; an owner only by an owner; never the last owner). Effective
 * from the next request of every session and token of that account: membership is read per request.
 */
export async function removeMember(db: TDb, actorId: number | null, teamId: number, accountId: number): Promise<TTeam> {
  await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    if (actorId !== null) await requireMembership(tx, actorId, teamId);
    const role = await memberRole(tx, teamId, accountId);
    await assertMayManage(tx, teamId, actorId, [role]);
    if (role === "owner" && (await ownersCount(tx, teamId)) <= 1) {
      throw new AppError("conflict", "The last owner cannot be removed: make another member an owner first.");
    }
    await tx.account.update({ where: { id: accountId }, data: { groupId: null, teamRole: "member" } });
    await logActivity(tx, teamId, actorId, actorId === accountId ? "left" : "removed", { account_id: accountId });
  });
  return teamById(db, teamId);
}

/** The caller leaves their team (the last owner cannot). Their shared folders and filters stay with the team. */
export async function leaveTeam(db: TDb, accountId: number): Promise<{ left: true; team: { id: number; name: string } }> {
  const m = await requireMembership(db, accountId);
  await db.$transaction(async (tx) => {
    await lockTeam(tx, m.teamId);
    const role = await memberRole(tx, m.teamId, accountId);
    if (role === "owner" && (await ownersCount(tx, m.teamId)) <= 1) {
      throw new AppError("conflict", "The last owner cannot leave: make another member an owner first.");
    }
    await tx.account.update({ where: { id: accountId }, data: { groupId: null, teamRole: "member" } });
    await logActivity(tx, m.teamId, accountId, "left", { account_id: accountId });
  });
  return { left: true, team: { id: m.teamId, name: m.teamName } };
}

/** Changes a member's role (owners and admins; owner changes by owners only; the last owner stays). */
export async function changeRole(db: TDb, actorId: number | null, teamId: number, accountId: number, role: TTeamRole): Promise<TTeam> {
  if (!TEAM_ROLES.includes(role)) throw validationError("role", `must be one of ${TEAM_ROLES.join(", ")}`);
  await db.$transaction(async (tx) => {
    await lockTeam(tx, teamId);
    if (actorId !== null) await requireMembership(tx, actorId, teamId);
    const current = await memberRole(tx, teamId, accountId);
    await assertMayManage(tx, teamId, actorId, [current, role]);
    if (current === role) return;
    if (current === "owner" && (await ownersCount(tx, teamId)) <= 1) {
      throw new AppError("conflict", "The last owner cannot be demoted: make another member an owner first.");
    }
    await tx.account.update({ where: { id: accountId }, data: { teamRole: role } });
    await logActivity(tx, teamId, actorId, "role_changed", { account_id: accountId, from: current, role });
  });
  return teamById(db, teamId);
}
