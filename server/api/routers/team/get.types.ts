import { z } from "zod";

/** GET /v1/team/: no parameters; the caller's team, their role and the members. */
export const ZGetTeamRequest = z.object({}).strict();

const ZRole = z.enum(["owner", "admin", "member"]);

const ZTeamMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZRole,
});

export const ZGetTeamResponse = z.object({
  data: z
    .object({
      team: z.object({ id: z.number().int(), name: z.string(), created_at: z.string() }),
      role: ZRole.describe("your role in the team"),
      members: z.array(ZTeamMember).describe("owners first, then admins, then members; by e-mail within a role"),
    })
    .nullable()
    .describe("null when you are in no team"),
});
export type TGetTeamResponse = z.infer<typeof ZGetTeamResponse>;
