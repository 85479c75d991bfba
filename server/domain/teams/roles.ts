/**
 * Team roles and what they allow, with no database in them: the server's checks and the
 * workspace's controls (which show only what the role allows) call the same functions.
 */

export const TEAM_ROLES = ["owner", "admin", "member"] as const;
export type TTeamRole = (typeof TEAM_ROLES)[number];

/** Owners and admins manage the team and everything shared with it. */
export const managesTeam = (role: TTeamRole | null | undefined): boolean => role === "owner" || role === "admin";

/**
 * Whether an account may rename, share or delete a folder or saved filter, or delete a team comment:
 * its creator may, and so may the team's owners and admins.
 */
export function mayManage(creatorId: number, viewer: { accountId: number; role: TTeamRole | null | undefined }): boolean {
  return creatorId === viewer.accountId || managesTeam(viewer.role);
}
