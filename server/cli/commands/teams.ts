import type { TDb } from "~/server/db/client";
import { inviteToTeam } from "~/server/domain/notifications/invitations";
import { TEAM_ROLES, type TTeamRole } from "~/server/domain/teams/roles";
import { addMember, createTeam, listTeams, removeMember, teamById, type TTeam } from "~/server/domain/teams/teams";
import { AppError } from "~/server/lib/errors";
import type { TCommand } from "../command";
import { parseIntFlag, requireString, UsageError } from "../io";

/** vmon teams ...: teams (DESIGN section 16) managed by an operator; --json answers `{team: {id, name}, ...}`. */

async function accountByEmail(db: TDb, email: string): Promise<{ id: number; email: string }> {
  const a = await db.account.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true } });
  if (!a) throw new AppError("not_found", `No account with e-mail ${email.trim().toLowerCase()}.`);
  return a;
}

function teamId(value: unknown): number {
  const id = parseIntFlag(value, "--team", 1);
  if (id === undefined) throw new UsageError("--team is required");
  return id;
}

function role(value: unknown): TTeamRole {
  if (value === undefined) return "member";
  if (typeof value !== "string" || !TEAM_ROLES.includes(value as TTeamRole))
    throw new UsageError(`--role must be one of ${TEAM_ROLES.join(", ")}`);
  return value as TTeamRole;
}

const teamRef = (t: TTeam) => ({ id: t.id, name: t.name });
const membersText = (t: TTeam) => t.members.map((m) => `  ${m.email} (${m.role}, id ${m.id})`).join("\n");

export const teamsCreateCommand: TCommand = {
  name: "teams create",
  usage: "vmon teams create --name N --owner EMAIL   create a team; the account becomes its owner",
  options: { name: { type: "string" }, owner: { type: "string" } },
  async run({ io, values, database }) {
    const name = requireString(values.name, "--name");
    const owner = await accountByEmail(database.db, requireString(values.owner, "--owner"));
    const team = await createTeam(database.db, owner.id, name);
    io.result({ team: teamRef(team), members: team.members }, `Created team ${team.name} (id ${team.id}), owned by ${owner.email}.`);
  },
};

export const teamsAddCommand: TCommand = {
  name: "teams add",
  usage: "vmon teams add --team ID --email E [--role owner|admin|member]   put an account in a team",
  options: { team: { type: "string" }, email: { type: "string" }, role: { type: "string" } },
  async run({ io, values, database }) {
    const id = teamId(values.team);
    const r = role(values.role);
    const account = await accountByEmail(database.db, requireString(values.email, "--email"));
    const team = await addMember(database.db, id, account.id, r);
    io.result({ team: teamRef(team), members: team.members }, `Added ${account.email} to team ${team.name} as ${r}.\n${membersText(team)}`);
  },
};

export const teamsRemoveCommand: TCommand = {
  name: "teams remove",
  usage: "vmon teams remove --team ID --email E   take an account out of a team (at once, for every session and token)",
  options: { team: { type: "string" }, email: { type: "string" } },
  async run({ io, values, database }) {
    const id = teamId(values.team);
    const account = await accountByEmail(database.db, requireString(values.email, "--email"));
    const team = await removeMember(database.db, null, id, account.id);
    io.result(
      { team: teamRef(team), removed: { id: account.id, email: account.email }, members: team.members },
      `Removed ${account.email} from team ${team.name}.`,
    );
  },
};

export const teamsListCommand: TCommand = {
  name: "teams list",
  usage: "vmon teams list   every team with its number of members",
  options: {},
  async run({ io, database }) {
    const teams = await listTeams(database.db);
    io.result(
      { teams },
      teams.length === 0 ? "No teams." : teams.map((t) => `${t.id}\t${t.name}\t${t.members_count} member(s)`).join("\n"),
    );
  },
};

export const teamsInviteCommand: TCommand = {
  name: "teams invite",
  usage: "vmon teams invite --team ID [--email E]   make a single-use link to join a team (7 days; bound to and e-mailed to E if given)",
  options: { team: { type: "string" }, email: { type: "string" } },
  async run({ io, values, database }) {
    const id = teamId(values.team);
    const team = await teamById(database.db, id);
    const email = typeof values.email === "string" && values.email.trim() !== "" ? values.email : null;
    const { invitation, url, emailed, held } = await inviteToTeam(database.db, null, id, email);
    io.result(
      { team: teamRef(team), invitation: { id: invitation.id, email: invitation.email, expires_at: invitation.expires_at, url, emailed } },
      `${url}\nSingle use, valid until ${invitation.expires_at}${invitation.email ? `, for ${invitation.email} only` : ""}. Shown once.` +
        (emailed ? `\nE-mailed to ${invitation.email}.` : "") +
        (held ? `\nNot e-mailed: the team has sent as many invitation e-mails as a day allows; send the link yourself.` : ""),
    );
  },
};
