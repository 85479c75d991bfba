import { myTeam } from "~/server/domain/teams/teams";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { getTeamContract } from "./get.contract";
import type { TGetTeamResponse } from "./get.types";

/** GET /v1/team/: the caller's team (404 when none), read from the database on every request. */
export const getTeamRoute = protectedProcedure
  .meta(restMeta(getTeamContract))
  .input(getTeamContract.input)
  .output(getTeamContract.output)
  .query(async ({ ctx }): Promise<TGetTeamResponse> => {
    const { team, role } = await myTeam(ctx.db, ctx.account.id);
    return { data: { team: { id: team.id, name: team.name, created_at: team.created_at }, role, members: team.members } };
  });
