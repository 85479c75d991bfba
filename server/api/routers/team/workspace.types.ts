import { z } from "zod";
import { TEAM_ROLES } from "~/server/domain/teams/roles";

/** Inputs of the workspace's team procedures (JSON from the UI; no REST export). */
const zId = () => z.number().int().min(1).max(2_147_483_647);

/** The name is checked (control characters, then 1 to 100 characters once trimmed) by server/domain/teams/team-name.ts. */
export const ZTeamName = z.object({ name: z.string().max(1000, "must be at most 100 characters") }).strict();
export const ZMemberRef = z.object({ accountId: zId() }).strict();
export const ZRoleChange = z.object({ accountId: zId(), role: z.enum(TEAM_ROLES) }).strict();
export const ZInvite = z.object({ email: z.string().trim().max(254).optional() }).strict();
export const ZInvitationRef = z.object({ id: zId() }).strict();
export const ZJoinToken = z.object({ token: z.string().min(1).max(200) }).strict();
