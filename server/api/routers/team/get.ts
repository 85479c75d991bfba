import { membershipOf } from "~/server/domain/teams/membership";
import { myTeam } from "~/server/domain/teams/teams";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { getTeamContract } from "./get.contract";
import type { TGetTeamResponse } from "./get.types";

/** GET /v1/team/: the caller's team (`data: null` when none), read from the database on every request. */
export const getTeamRoute = protectedProcedure
  .meta(restMeta(getTeamContract))
  .input(getTeamContract.input)
  .output(getTeamContract.output)
  .query(async ({ ctx }): Promise<TGetTeamResponse> => {
    if (!(await membershipOf(ctx.db, ctx.account.id))) return { data: null };
    const { team, role } = await myTeam(ctx.db, ctx.account.id);
    return { data: { team: { id: team.id, name: team.name, created_at: team.created_at }, role, members: team.members } };
  });
