import { teamActivity } from "~/server/domain/teams/activity";
import { inviteToTeam, markTeamInvitationsRead, withdrawInvitation } from "~/server/domain/notifications/invitations";
import { acceptInvitation, listInvitations, previewInvitation } from "~/server/domain/teams/invitations";
import { acceptInvitationForMe, invitationsForMe } from "~/server/domain/teams/invitations-for-me";
import { membershipOf, requireManager } from "~/server/domain/teams/membership";
import { changeRole, createTeam, leaveTeam, myTeam, removeMember } from "~/server/domain/teams/teams";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { UNKNOWN_ADDRESS } from "~/server/auth/client-address";
import { limitInvitationGuesses } from "~/server/auth/join-limit";
import { ZInvitationRef, ZInvite, ZJoinToken, ZMemberRef, ZRoleChange, ZTeamName } from "./workspace.types";

/** Who looks an invitation link up: the account, and the client address (requests that came through server/http.ts). */
const guesser = (ctx: { account: { id: number }; clientAddress?: string }) => ({
  accountId: ctx.account.id,
  address: ctx.clientAddress ?? UNKNOWN_ADDRESS,
});

/**
 * team.*: the workspace's team settings (/settings/team) and /join/<token>. Every procedure reads
 * the caller's membership from the database; another team's ids answer not_found.
 */
export const teamWorkspaceRouter = createTRPCRouter({
  /** The caller's team, role and members (and the caller's id, `me`); null when they are in none. */
  mine: protectedProcedure.query(async ({ ctx }) =>
    (await membershipOf(ctx.db, ctx.account.id)) ? { ...(await myTeam(ctx.db, ctx.account.id)), me: ctx.account.id } : null,
  ),
  create: protectedProcedure.input(ZTeamName).mutation(({ ctx, input }) => createTeam(ctx.db, ctx.account.id, input.name)),
  changeRole: protectedProcedure.input(ZRoleChange).mutation(async ({ ctx, input }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return changeRole(ctx.db, ctx.account.id, m.teamId, input.accountId, input.role);
  }),
  remove: protectedProcedure.input(ZMemberRef).mutation(async ({ ctx, input }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return removeMember(ctx.db, ctx.account.id, m.teamId, input.accountId);
  }),
  leave: protectedProcedure.mutation(({ ctx }) => leaveTeam(ctx.db, ctx.account.id)),
  invitations: protectedProcedure.query(async ({ ctx }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return listInvitations(ctx.db, ctx.account.id, m.teamId);
  }),
  invite: protectedProcedure.input(ZInvite).mutation(async ({ ctx, input }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return inviteToTeam(ctx.db, ctx.account.id, m.teamId, input.email || null);
  }),
  revokeInvitation: protectedProcedure.input(ZInvitationRef).mutation(async ({ ctx, input }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return withdrawInvitation(ctx.db, ctx.account.id, m.teamId, input.id);
  }),
  activity: protectedProcedure.query(async ({ ctx }) => {
    const m = await requireManager(ctx.db, ctx.account.id);
    return teamActivity(ctx.db, m.teamId);
  }),
  // An invitation link looked up by its token: guesses are limited per account and client address (join-limit.ts).
  preview: protectedProcedure
    .input(ZJoinToken)
    .query(({ ctx, input }) => limitInvitationGuesses(ctx.db, guesser(ctx), () => previewInvitation(ctx.db, ctx.account.id, input.token))),
  accept: protectedProcedure.input(ZJoinToken).mutation(async ({ ctx, input }) => {
    const team = await limitInvitationGuesses(ctx.db, guesser(ctx), () => acceptInvitation(ctx.db, ctx.account.id, input.token));
    await markTeamInvitationsRead(ctx.db, ctx.account.id, team.id);
    return team;
  }),
  /** Open invitations bound to the caller's e-mail, and accepting one of them by id (no link needed). */
  invitationsForMe: protectedProcedure.query(({ ctx }) => invitationsForMe(ctx.db, ctx.account.id)),
  acceptForMe: protectedProcedure.input(ZInvitationRef).mutation(async ({ ctx, input }) => {
    const team = await acceptInvitationForMe(ctx.db, ctx.account.id, input.id);
    await markTeamInvitationsRead(ctx.db, ctx.account.id, team.id);
    return team;
  }),
});
